/** Check-in under the template's scan cooldown (spec: Scan security). */
import { DomainError } from '../shared/domain-error';
import type { PassCommandOf, ScanCooldown } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';

export function checkIn({ cooldown, now }: PassCommandOf<'CheckIn'>, pass: Pass): PassEvent[] {
  assertCooldownOver(pass.checkedInAt, cooldown, now);
  return [{ type: 'PassCheckedIn', data: { occurred_at: now.toISOString() } }];
}

function assertCooldownOver(checkedInAt: string | null, cooldown: ScanCooldown, now: Date): void {
  if (cooldown === null || checkedInAt === null) return;
  if (cooldown === 0) {
    throw new DomainError(
      'scan_cooldown',
      `Pass was already checked in at ${checkedInAt}; this template allows a single check-in.`,
      { checked_in_at: checkedInAt },
    );
  }
  // A check-in stamped later than now (clocks of two servers disagreeing) counts as just made.
  const elapsedMs = Math.max(0, now.getTime() - Date.parse(checkedInAt));
  const remainingMs = cooldown * 1000 - elapsedMs;
  if (remainingMs <= 0) return;
  const retryAfterSeconds = Math.ceil(remainingMs / 1000);
  throw new DomainError(
    'scan_cooldown',
    `Pass was checked in ${minutesAndSeconds(Math.floor(elapsedMs / 1000))} ago; try again in ${minutesAndSeconds(retryAfterSeconds)}.`,
    { checked_in_at: checkedInAt, retry_after_seconds: retryAfterSeconds },
  );
}

/** The spec asks for the wait as a minutes-and-seconds duration, even for windows of hours. */
function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

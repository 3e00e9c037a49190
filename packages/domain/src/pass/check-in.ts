/** Check-in under the template's scan cooldown (spec: Scan security). */
import { DomainError } from '../shared/domain-error';
import type { ScanCooldown } from '../template/scan-security';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';

export function checkIn({ cooldown, now }: PassCommandOf<'CheckIn'>, pass: Pass): PassEvent[] {
  const refusal = cooldownRefusal(pass.checkedInAt, cooldown, now);
  if (refusal) throw refusal;
  return [{ type: 'PassCheckedIn', data: { occurred_at: now.toISOString() } }];
}

/** The scan_cooldown refusal a check-in at `now` meets, or null when the cooldown allows it. */
export function cooldownRefusal(checkedInAt: string | null, cooldown: ScanCooldown, now: Date): DomainError | null {
  if (cooldown === null || checkedInAt === null) return null;
  if (cooldown === 0) {
    return new DomainError('scan_cooldown', `Pass was already checked in at ${checkedInAt}; this template allows a single check-in.`, {
      checked_in_at: checkedInAt,
    });
  }
  // A check-in stamped later than now (clocks of two servers disagreeing) counts as just made.
  const elapsedMs = Math.max(0, now.getTime() - Date.parse(checkedInAt));
  const remainingMs = cooldown * 1000 - elapsedMs;
  if (remainingMs <= 0) return null;
  const retryAfterSeconds = Math.ceil(remainingMs / 1000);
  return new DomainError(
    'scan_cooldown',
    `Pass was checked in ${minutesAndSeconds(Math.floor(elapsedMs / 1000))} ago; try again in ${minutesAndSeconds(retryAfterSeconds)}.`,
    { checked_in_at: checkedInAt, retry_after_seconds: retryAfterSeconds },
  );
}

/** The spec asks for the wait as a minutes-and-seconds duration, even for windows of hours. */
function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

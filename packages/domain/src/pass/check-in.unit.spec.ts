import { describe, expect, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import { CHECKED_IN_AT, HISTORIES, NOW, OCCURRED_AT, passCheckedIn, passIssued, passReactivated, passVoided } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { ScanCooldown } from '../template/scan-security';
import type { PassEvent } from './pass-events';

const spec = deciderSpec(passDecider);
const checkIn = (cooldown: ScanCooldown) => ({ type: 'CheckIn' as const, cooldown, now: NOW });
const CHECKED_IN: PassEvent[] = [{ type: 'PassCheckedIn', data: { occurred_at: OCCURRED_AT } }];
const FIVE_MINUTES = 300;

/** A pass last checked in the given number of seconds before NOW. */
const checkedInSecondsAgo = (seconds: number): PassEvent[] => [passIssued(), passCheckedIn(new Date(NOW.getTime() - seconds * 1000).toISOString())];

describe('checking in without a cooldown', () => {
  test('the first check-in is recorded', () => {
    spec.given(HISTORIES.issued).when(checkIn(null)).then(CHECKED_IN);
  });

  test('a check-in right after another is recorded too', () => {
    spec.given(checkedInSecondsAgo(1)).when(checkIn(null)).then(CHECKED_IN);
  });
});

describe('checking in with a one-time cooldown (0)', () => {
  test('the first check-in is recorded', () => {
    spec.given(HISTORIES.issued).when(checkIn(0)).then(CHECKED_IN);
  });

  test('a second check-in is scan_cooldown', () => {
    spec.given(HISTORIES['checked in']).when(checkIn(0)).thenThrows('scan_cooldown');
  });

  test('the refusal states when the pass was already checked in', () => {
    const error = spec.given(HISTORIES['checked in']).when(checkIn(0)).thenThrows('scan_cooldown');
    expect(error.message).toBe(`Pass was already checked in at ${CHECKED_IN_AT}; this template allows a single check-in.`);
    expect(error.details).toEqual({ checked_in_at: CHECKED_IN_AT });
  });

  test('a pass voided and reactivated after its check-in stays used up', () => {
    spec.given([passIssued(), passCheckedIn(), passVoided(), passReactivated()]).when(checkIn(0)).thenThrows('scan_cooldown');
  });

  test('a month later the pass is still used up', () => {
    spec.given(checkedInSecondsAgo(30 * 24 * 3600)).when(checkIn(0)).thenThrows('scan_cooldown');
  });
});

describe('checking in with a cooldown window', () => {
  test('the first check-in is recorded', () => {
    spec.given(HISTORIES.issued).when(checkIn(FIVE_MINUTES)).then(CHECKED_IN);
  });

  test('a check-in inside the window is scan_cooldown', () => {
    spec.given(checkedInSecondsAgo(90)).when(checkIn(FIVE_MINUTES)).thenThrows('scan_cooldown');
  });

  test('the refusal says how long ago and how long to wait, in minutes and seconds', () => {
    const error = spec.given(checkedInSecondsAgo(90)).when(checkIn(FIVE_MINUTES)).thenThrows('scan_cooldown');
    expect(error.message).toBe('Pass was checked in 1m 30s ago; try again in 3m 30s.');
  });

  test('the refusal carries the check-in time and the seconds until a retry', () => {
    const error = spec.given(checkedInSecondsAgo(90)).when(checkIn(FIVE_MINUTES)).thenThrows('scan_cooldown');
    expect(error.details).toEqual({ checked_in_at: new Date(NOW.getTime() - 90_000).toISOString(), retry_after_seconds: 210 });
  });

  test('a part of a second still to wait counts as a whole second', () => {
    const error = spec.given(checkedInSecondsAgo(89.5)).when(checkIn(FIVE_MINUTES)).thenThrows('scan_cooldown');
    expect(error.details['retry_after_seconds']).toBe(211);
    expect(error.message).toBe('Pass was checked in 1m 29s ago; try again in 3m 31s.');
  });

  test('a check-in exactly when the window ends is recorded', () => {
    spec.given(checkedInSecondsAgo(FIVE_MINUTES)).when(checkIn(FIVE_MINUTES)).then(CHECKED_IN);
  });

  test('a check-in after the window is recorded', () => {
    spec.given(checkedInSecondsAgo(FIVE_MINUTES + 1)).when(checkIn(FIVE_MINUTES)).then(CHECKED_IN);
  });

  test('a wait of hours is still stated in minutes and seconds', () => {
    const error = spec.given(HISTORIES['checked in']).when(checkIn(24 * 3600)).thenThrows('scan_cooldown');
    expect(error.message).toBe('Pass was checked in 30m 0s ago; try again in 1410m 0s.');
  });

  test('a check-in recorded later than now counts as just made', () => {
    const error = spec.given(checkedInSecondsAgo(-5)).when(checkIn(FIVE_MINUTES)).thenThrows('scan_cooldown');
    expect(error.details['retry_after_seconds']).toBe(FIVE_MINUTES);
  });
});

/** The retry schedule with its jitter. */
import { describe, expect, it } from '@jest/globals';
import { retryDelayMs } from './retry-delay';

const schedule = [60_000, 300_000];

describe('retryDelayMs', () => {
  it('follows the schedule, one delay per failed attempt, then gives up', () => {
    expect(retryDelayMs(1, schedule, 0.1, () => 0)).toBe(60_000);
    expect(retryDelayMs(2, schedule, 0.1, () => 0)).toBe(300_000);
    expect(retryDelayMs(3, schedule, 0.1, () => 0)).toBeNull();
  });

  it('adds up to the jitter, never less than the schedule', () => {
    expect(retryDelayMs(1, schedule, 0.1, () => 0.999)).toBe(65_994);
    expect(retryDelayMs(1, schedule, 0.1, () => 0.5)).toBe(63_000);
    expect(retryDelayMs(1, schedule, 0, () => 0.5)).toBe(60_000);
  });
});

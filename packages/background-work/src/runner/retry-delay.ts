/**
 * When to try again after a failed attempt: the kind's schedule (growing delays) stretched by up to its
 * jitter at random, so that items failing together (receivers down at once) are not all retried in the
 * same instant. Never earlier than the schedule says.
 */

/** The delay after the `attemptsMade`-th failed attempt, or null when the schedule is used up. */
export function retryDelayMs(attemptsMade: number, schedule: readonly number[], jitter: number, random: () => number): number | null {
  const delay = schedule[attemptsMade - 1];
  return delay === undefined ? null : Math.round(delay * (1 + jitter * random()));
}

/**
 * When to try again after a failed attempt: the configured schedule (`PASSES_WEBHOOK_RETRY_SCHEDULE`,
 * growing delays) stretched by up to 10 % at random, so receivers that fail together are not all
 * retried in the same instant. Never earlier than the schedule says.
 */
const JITTER = 0.1;

/** The delay after the `attemptsMade`-th failed attempt, or null when the schedule is used up. */
export function retryDelayMs(attemptsMade: number, schedule: readonly number[], random: () => number): number | null {
  const delay = schedule[attemptsMade - 1];
  return delay === undefined ? null : Math.round(delay * (1 + JITTER * random()));
}

/**
 * How a command that lost its append to another writer tries again. Inside a process commands on one
 * stream are queued, so the other writer is another process (a second API, the CLI): both back off by
 * a random delay ("full jitter") that doubles with each attempt, so they stop colliding.
 */
export interface ConflictBackoff {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Milliseconds to wait after the failed attempt `attempt` (1-based). */
  delayMs(attempt: number): number;
}

const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 4;
const MAX_DELAY_MS = 250;

export function jitteredBackoff(random: () => number = Math.random): ConflictBackoff {
  return {
    maxAttempts: MAX_ATTEMPTS,
    delayMs: (attempt) => random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt),
  };
}

/** What a caller is told when a conflict still escapes: try again after this many seconds. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/**
 * What a kind of background work owes the runner: how to do one item, how long a claim on one lasts, how
 * often a failure is retried and how many go at once. The handler says what an attempt came to; the
 * runner writes it down and applies the retry schedule.
 */
import type { JsonValue } from '../json-value';
import type { Work, WorkKind } from '../work-kind';

/** Run once the outcome is stored (a follow-up the outcome calls for, such as disabling a webhook). */
type AfterRecorded = { afterRecorded?: () => Promise<void> };

export type WorkResult =
  | ({ outcome: 'done'; code?: number | null } & AfterRecorded)
  /** Tried again on the kind's schedule; dead after the last retry. */
  | ({ outcome: 'retry'; code?: number | null; error: string | null } & AfterRecorded)
  /** Failed for good: never tried again. */
  | ({ outcome: 'dead'; code?: number | null; error: string | null } & AfterRecorded)
  /** Nothing to do any more (what it was for is gone). */
  | { outcome: 'cancelled' }
  /** The runner is stopping: the item goes back as it was, due as before. */
  | { outcome: 'abandoned' };

export interface WorkHandler<Payload extends JsonValue> {
  kind: WorkKind<Payload>;
  /** How long a claim lasts: longer than an attempt can take, so it never runs out while one is in flight. */
  leaseMs: number;
  /** Delays before each retry; its length is the number of retries. */
  retryScheduleMs: readonly number[];
  /** Up to this fraction of each delay is added at random; 0 unless set. */
  retryJitter?: number;
  /** Items attempted at the same time by one runner. */
  maxConcurrent: number;
  /** `signal` aborts when the runner stops; a handler that honours it answers `abandoned`. */
  handle(work: Work<Payload>, signal: AbortSignal): Promise<WorkResult>;
}

/**
 * The event feed port: what a follower of the global feed (the webhook dispatcher) consumes. The
 * embedded profile follows the event store itself from a stored checkpoint (CheckpointedFeed); the
 * distributed one consumes the Kafka topic the relay fills, as a consumer group. Either way a batch
 * counts as consumed only once its handler has resolved, so a crash repeats events and never skips
 * one: handlers must be idempotent (by event id).
 */
import type { RecordedEvent } from './event-store';

/** Whether a follower is following: `/readyz` and the metrics report it. */
export interface FeedHealth {
  /** Delivering batches, or ready to as soon as there are any. */
  running: boolean;
  /** How many times the feed had to start over by itself since it started. */
  restarts: number;
}

export interface EventFeed {
  /** Starts delivering batches; `onError` hears of failures the feed recovers from by itself. */
  start(handler: (events: readonly RecordedEvent[]) => Promise<void>, onError: (error: unknown) => void): Promise<void>;
  /** Resolves once the batch in hand is done; nothing is delivered afterwards. */
  stop(): Promise<void>;
  health(): FeedHealth;
}

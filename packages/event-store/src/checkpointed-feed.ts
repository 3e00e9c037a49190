/**
 * Follows the event store's global feed on behalf of a named follower, from the checkpoint it stored,
 * and moves that checkpoint only after the follower's handler is done with a batch. A failure stops
 * the subscription; it is resumed from the checkpoint after a pause that doubles with each failure in
 * a row (up to a bound), so a broker or store that is down is not hammered.
 *
 * A checkpoint beyond the store's newest event means the store is an earlier copy of the history the
 * follower followed (restored from a backup): positions after its newest event are given again, to new
 * events. The follower is moved back to that event, having handled every one up to it, so that it meets
 * the new events rather than waiting for the feed to pass a place it will never reach again. Positions
 * alone tell: events appended to the copy before the follower starts would be taken for ones it met, so
 * a restored store is written to only once its followers run (operations.md, "Restoring a backup").
 */
import type { CheckpointStore } from './checkpoint-store';
import type { EventFeed, FeedHealth } from './event-feed';
import type { AllFilter, EventStore, RecordedEvent, Subscription } from './event-store';
import { isAfter, type Position } from './position';

/** What a process logs when a follower is moved back (onMovedBack). */
export const MOVED_BACK = "a follower of the event feed had gone beyond the event store's newest event (was it restored from a backup?): it goes on from that event";

interface CheckpointedFeedOptions {
  /** The follower's name in the checkpoint store. */
  name: string;
  filter?: AllFilter;
  /** The first pause after a failure. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** The follower was moved back from `checkpoint` to the store's newest event, `head` (null: none). */
  onMovedBack?: (checkpoint: Position, head: Position | null) => void;
}

export class CheckpointedFeed implements EventFeed {
  private subscription: Subscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failuresInARow = 0;
  private restarts = 0;
  private stopped = true;

  constructor(
    private readonly events: EventStore,
    private readonly checkpoints: CheckpointStore,
    private readonly options: CheckpointedFeedOptions,
  ) {}

  async start(handler: (events: readonly RecordedEvent[]) => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    this.stopped = false;
    await this.subscribe(handler, onError);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  health(): FeedHealth {
    return { running: !this.stopped && this.subscription !== null && this.retryTimer === null, restarts: this.restarts };
  }

  private resubscribeLater(handler: (events: readonly RecordedEvent[]) => Promise<void>, onError: (error: unknown) => void): void {
    if (this.stopped) return;
    const first = this.options.retryDelayMs ?? 1000;
    const delay = Math.min(first * 2 ** this.failuresInARow, this.options.maxRetryDelayMs ?? 30_000);
    this.failuresInARow += 1;
    this.restarts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.subscribe(handler, onError).catch((error: unknown) => {
        onError(error);
        this.resubscribeLater(handler, onError);
      });
    }, delay);
    this.retryTimer.unref();
  }

  private async subscribe(handler: (events: readonly RecordedEvent[]) => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    const after = await this.startingPoint();
    if (this.stopped) return;
    this.subscription = this.events.subscribeToAll(
      {
        after,
        ...(this.options.filter === undefined ? {} : { filter: this.options.filter }),
        onError: (error) => {
          onError(error);
          this.resubscribeLater(handler, onError);
        },
      },
      async (batch) => {
        await handler(batch);
        const last = batch.at(-1);
        if (last !== undefined) await this.checkpoints.save(this.options.name, last.position);
        this.failuresInARow = 0;
      },
    );
  }

  /** The stored checkpoint, or the store's newest event when the checkpoint lies beyond it. */
  private async startingPoint(): Promise<Position | null> {
    const checkpoint = await this.checkpoints.load(this.options.name);
    // Read after the checkpoint: every position a follower saved was an event's, so the head read later is at
    // or beyond it unless the store itself went back.
    const head = await this.events.headPosition();
    if (checkpoint === null || !isAfter(checkpoint, head)) return checkpoint;
    if (head !== null) await this.checkpoints.save(this.options.name, head);
    this.options.onMovedBack?.(checkpoint, head);
    return head;
  }
}

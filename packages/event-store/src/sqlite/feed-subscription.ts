import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FeedHandler, RecordedEvent, Subscription } from '../event-store';

/** One read of the global feed on behalf of a subscription. */
export interface FeedPage {
  events: readonly RecordedEvent[];
  /** Every matching event up to this position is in `events`: the next read starts after it. */
  scannedTo: number;
  /** The read reached the newest event: wait for a wake-up or the next poll before reading again. */
  reachedHead: boolean;
}

interface FeedSubscriptionOptions {
  after: number;
  pollIntervalMs: number;
  readPage: (after: number) => FeedPage;
  onError: ((error: unknown) => void) | undefined;
  /** Called once, when the delivery loop has ended for whatever reason. */
  onEnded: () => void;
}

/**
 * Delivers the feed a page at a time: catch-up page after page, then live. Live reads are
 * triggered by `wake()` (appends made through this process) or by a poll timer (appends made by
 * another process on the same file), whichever comes first.
 */
export class FeedSubscription implements Subscription {
  private stopped = false;
  /** A wake-up arrived while a page was being delivered: the page may already be stale. */
  private wokenWhileBusy = false;
  private idling: { resolve: () => void; timer: NodeJS.Timeout } | undefined;
  private readonly ended: Promise<void>;

  constructor(
    private readonly handler: FeedHandler,
    private readonly options: FeedSubscriptionOptions,
  ) {
    this.ended = this.deliver();
  }

  wake(): void {
    const idling = this.idling;
    if (idling === undefined) {
      this.wokenWhileBusy = true;
      return;
    }
    this.idling = undefined;
    clearTimeout(idling.timer);
    idling.resolve();
  }

  /** Must not be awaited from inside the handler: it waits for the handler to return. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.ended;
  }

  private async deliver(): Promise<void> {
    let cursor = this.options.after;
    try {
      // The caller gets its Subscription before the first read, even if that read fails.
      await yieldToEventLoop();
      while (!this.stopped) {
        this.wokenWhileBusy = false;
        const page = this.options.readPage(cursor);
        if (this.stopped) return;
        if (page.events.length > 0) await this.handler(page.events);
        cursor = page.scannedTo;
        // Yield between catch-up pages so a long catch-up does not starve other I/O.
        await (page.reachedHead ? this.idle() : yieldToEventLoop());
      }
    } catch (error) {
      this.stopped = true;
      this.options.onError?.(error);
    } finally {
      this.options.onEnded();
    }
  }

  private idle(): Promise<void> {
    if (this.wokenWhileBusy || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idling = undefined;
        resolve();
      }, this.options.pollIntervalMs);
      this.idling = { resolve, timer };
    });
  }
}

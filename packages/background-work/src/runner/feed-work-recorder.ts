/**
 * The one shape of every process manager that turns facts into due work (webhook deliveries, wallet
 * notifications, automation runs): it follows a feed batch by batch, asks what work each fact calls for,
 * records a batch's work in one call and wakes the process's runner when there is some. Work ids derive
 * from the fact, so a fact the feed repeats (after a crash, a rebalance, a replay) records nothing new.
 */
import type { NewWork, WorkStore } from '../work-store';

/** What the recorder follows: an event feed, in practice (kept structural so this package needs none). */
export interface FactFeed<Fact> {
  start(handle: (batch: readonly Fact[]) => Promise<void>, onError: (error: unknown) => void): Promise<void>;
  /** Resolves once the batch in hand is done. */
  stop(): Promise<void>;
}

export interface FeedWorkRecorderOptions {
  /** Called after new work was recorded: the process's runner is told it is due. */
  onRecorded: () => void;
  /** Hears of failures the feed recovers from by itself (it delivers the batch again). */
  onError: (error: unknown) => void;
}

export class FeedWorkRecorder<Fact> {
  constructor(
    private readonly feed: FactFeed<Fact>,
    private readonly work: Pick<WorkStore, 'record'>,
    private readonly workOf: (fact: Fact) => Promise<readonly NewWork[]>,
    private readonly options: FeedWorkRecorderOptions,
  ) {}

  start(): Promise<void> {
    return this.feed.start((batch) => this.handle(batch), this.options.onError);
  }

  stop(): Promise<void> {
    return this.feed.stop();
  }

  private async handle(batch: readonly Fact[]): Promise<void> {
    const recorded: NewWork[] = [];
    for (const fact of batch) recorded.push(...(await this.workOf(fact)));
    await this.work.record(recorded);
    if (recorded.length > 0) this.options.onRecorded();
  }
}

/**
 * The server's own event store, with another writer that gets into chosen streams before every append
 * the server makes there: the worst a second API process sharing the store could do. Lets a test see
 * what happens when a conflict is never absorbed.
 */
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  FeedHandler,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@passes/event-store';

export class ContendedEventStore implements EventStore {
  private readonly contended = new Map<string, () => NewEvent>();

  constructor(private readonly store: EventStore) {}

  /** From now on, every append of the server's to `stream` is preceded by `interference()` from the other writer. */
  contend(stream: string, interference: () => NewEvent): void {
    this.contended.set(stream, interference);
  }

  /** The other writer leaves `stream` alone again. */
  release(stream: string): void {
    this.contended.delete(stream);
  }

  async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const interference = this.contended.get(stream);
    if (interference) await this.store.append(stream, [interference()], 'any');
    return this.store.append(stream, events, expected);
  }

  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.store.readStream(stream, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.store.readAll(options);
  }

  subscribeToAll(options: SubscribeOptions, handler: FeedHandler): Subscription {
    return this.store.subscribeToAll(options, handler);
  }

  headPosition(): Promise<Position | null> {
    return this.store.headPosition();
  }

  countBetween(after: Position | null, upTo: Position, limit: number): Promise<number> {
    return this.store.countBetween(after, upTo, limit);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * The distributed profile's event store: EventStoreDB through its gRPC client, @eventstore/db-client
 * v6. The port's semantics are EventStoreDB's, so this adapter is mostly translation between the
 * client's types and the port's: positions, expected revisions, errors, events and filters. The
 * translations are exported, small and pure, so that they can be tested without a server.
 *
 * Where a mapping rests on what the client or the server does, the comment names the source file:
 * client files are under packages/db-client/src/ in EventStore/EventStore-Client-NodeJS at v6.2.1,
 * server files under src/KurrentDB.Core/ in kurrent-io/KurrentDB.
 */
import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  convertToCommandError,
  eventTypeFilter,
  excludeSystemEvents,
  isSystemStream,
  jsonEvent,
  streamNameFilter,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  type EventData,
  type Filter,
  type Position as EsdbPosition,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { dataFrom, metadataFrom } from './envelope';
import {
  type AllFilter,
  type AppendResult,
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type FeedHandler,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store';
import { matchesFilter } from './filter-match';
import { isAfter, positionFrom, positionOfInteger, type Position } from './position';

interface EsdbEventStoreOptions {
  /** Most events handed to a subscription's handler at once. Default 500. */
  subscriptionBatchSize?: number;
}

const DEFAULT_BATCH_SIZE = 500;
/** Events per request when reading $all forwards (readAll filters on this side: see planEsdbFilter). */
const READ_PAGE_SIZE = 500;
/** Events per request when looking back from the end of $all for the newest event that is not a system one. */
const HEAD_PAGE_SIZE = 20;

/** Commit and prepare positions are unsigned 64-bit integers (message Position in protos/streams.proto). */
const UINT64_MAX = (1n << 64n) - 1n;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event's stream and type: all that the filters look at. */
type StreamAndType = Pick<EsdbRecordedEvent, 'streamId' | 'type'>;

// Positions

/**
 * A $all position as the one integer commit * 2^64 + prepare. EventStoreDB orders $all by commit
 * position, then prepare position; with prepare below 2^64 the integer keeps that order.
 */
export function positionFromEsdb({ commit, prepare }: EsdbPosition): Position {
  if (commit < 0n || commit > UINT64_MAX || prepare < 0n || prepare > UINT64_MAX) {
    throw new RangeError(`Not an EventStoreDB position: commit ${commit}, prepare ${prepare}`);
  }
  return positionOfInteger((commit << 64n) | prepare);
}

export function esdbPositionOf(position: Position): EsdbPosition {
  const value = BigInt(positionFrom(position));
  const commit = value >> 64n;
  if (commit > UINT64_MAX) throw new RangeError(`Not an EventStoreDB position: ${position}`);
  return { commit, prepare: value & UINT64_MAX };
}

function readPositionAfter(after: Position | null): ReadPosition {
  return after === null ? START : esdbPositionOf(after);
}

// Appends

/** The port's expectation in the client's terms; refuses a number that is no revision. */
export function esdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(nonNegativeInteger(expected, 'Expected revision'));
  }
}

/** Refuses what the SQLite adapter refuses (sqlite/append-input.ts), so both profiles accept the same appends. */
function proposedEvents(stream: string, events: readonly NewEvent[]): EventData[] {
  if (stream.length === 0) throw new Error('Stream name must not be empty');
  // EventStoreDB would take an empty append as a successful one that writes nothing
  // (Services/Storage/ReaderIndex/IndexWriter.cs, CheckCommit: "when writing no events we always
  // return CommitDecision.Ok").
  if (events.length === 0) throw new Error(`Append to ${stream}: no events given`);
  return events.map((event) => {
    if (event.id !== undefined && !UUID.test(event.id)) {
      throw new Error(`Append to ${stream}: event id ${event.id} is not a UUID`);
    }
    // jsonEvent generates a v4 UUID when `id` is undefined (events/jsonEvent.ts).
    return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: event.metadata });
  });
}

/**
 * What EventStoreDB says of a successful append. Its position is that of the append's last event:
 * the server acknowledges the log position of the record that ends the write
 * (Services/Storage/StorageChaser.cs) as both commit and prepare position
 * (Services/RequestManager/Managers/WriteEvents.cs), and that is the last event's position in $all
 * (Services/Storage/ReaderIndex/AllReader.cs); the client's own test "populates log position"
 * (packages/test/src/streams/readStream.test.ts) checks it. `position` is null when the server gave
 * none: it gives none (-1, which the client turns into `undefined`) for an append it recognised as a
 * retry, unless it is recent enough to report the retried events' log position.
 */
export function esdbAppendOutcome(
  stream: string,
  result: EsdbAppendResult,
): { nextRevision: number; position: Position | null } {
  if (!result.success) {
    // Only with throwOnAppendFailure=false in the connection string, and then the client garbles the
    // stream's actual revision (streams/appendToStream/batchAppend.ts reports any revision as 1).
    throw new Error(`Append to ${stream} refused: remove throwOnAppendFailure=false from the connection string`);
  }
  return {
    nextRevision: revisionNumber(result.nextExpectedRevision),
    position: result.position === undefined ? null : positionFromEsdb(result.position),
  };
}

/** The client's refusal in the port's terms: its actualVersion is a bigint revision or 'no_stream'. */
export function wrongRevisionFromEsdb(
  error: WrongExpectedVersionError,
  expected: ExpectedRevision,
): WrongExpectedRevisionError {
  const actual = error.actualVersion === NO_STREAM ? 'no_stream' : revisionNumber(error.actualVersion);
  return new WrongExpectedRevisionError(error.streamName, expected, actual);
}

// Errors

/** Connection loss and missed deadlines become EventStoreUnavailableError; any other error is returned as it is. */
export function storeErrorFromEsdb(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  // Most failures arrive as the client's own errors, but some as raw gRPC errors (the server features
  // request rejects with one: Client/ServerFeatures.ts); convertToCommandError classifies those by
  // status code and returns the client's own errors unchanged (utils/CommandError.ts).
  const classified = convertToCommandError(error);
  return classified instanceof UnavailableError || classified instanceof DeadlineExceededError
    ? new EventStoreUnavailableError(error)
    : error;
}

/** All the events of a bounded read. */
async function collect<Entry>(read: AsyncIterable<Entry>): Promise<Entry[]> {
  const entries: Entry[] = [];
  try {
    for await (const entry of read) entries.push(entry);
  } catch (error) {
    throw storeErrorFromEsdb(error);
  }
  return entries;
}

// Events

/** Whether EventStoreDB wrote the event for itself: its type or its stream's name starts with `$`. */
function isSystemEvent(event: StreamAndType): boolean {
  return event.type.startsWith('$') || isSystemStream(event.streamId);
}

/** Without link resolution, every read result carries its event (utils/convertGrpcEvent.ts). */
function eventOf<Event>(entry: { event?: Event }): Event {
  if (entry.event === undefined) throw new Error('EventStoreDB sent a read result without an event');
  return entry.event;
}

export function recordedEventFromEsdb(event: EsdbRecordedEvent): RecordedEvent {
  if (event.position === undefined) {
    // Stream reads carry $all positions from server 22.6 on (types/events.ts).
    throw new Error(`EventStoreDB sent event ${event.id} without its position: it must be version 22.6 or later`);
  }
  return {
    id: event.id,
    stream: event.streamId,
    revision: revisionNumber(event.revision),
    position: positionFromEsdb(event.position),
    type: event.type,
    // The client hands over parsed JSON, the raw text when it was not JSON, bytes when the content
    // type was not JSON, and undefined for empty metadata (utils/convertGrpcEvent.ts): the envelope decides.
    data: dataFrom(event.id, event.data),
    metadata: metadataFrom(event.id, event.metadata),
    // The client has already turned the server's ticks into a Date (utils/convertGrpcEvent.ts).
    created_at: event.created.toISOString(),
  };
}

function revisionNumber(revision: bigint): number {
  const value = Number(revision);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a stream revision: ${revision}`);
  return value;
}

// Filters

interface EsdbFilterPlan {
  /** What the server is asked to leave out: it filters on stream names or on event types, not both. */
  server: Filter;
  /** The whole filter, system events excluded, applied again to whatever arrives. */
  accepts(event: StreamAndType): boolean;
}

/**
 * Splits a filter between the server and this side. The server takes the stream prefixes when there
 * are any, else the event types as a regex of exact names (its event type prefixes would let 'Opened'
 * select 'OpenedTwice'), else a filter of system events. This side checks everything again, so the
 * result never depends on how the server matches (its regex dialect, its notion of a prefix).
 */
export function planEsdbFilter(filter: AllFilter = {}): EsdbFilterPlan {
  const prefixes = filter.streamPrefixes ?? [];
  const types = filter.eventTypes ?? [];
  return {
    server: serverFilterFor(prefixes, types),
    accepts: (event) => !isSystemEvent(event) && matchesFilter(filter, event.streamId, event.type),
  };
}

function serverFilterFor(prefixes: readonly string[], types: readonly string[]): Filter {
  if (prefixes.length > 0) return streamNameFilter({ prefixes: [...prefixes] });
  if (types.length > 0) return eventTypeFilter({ regex: `^(?:${types.map(escapeRegex).join('|')})$` });
  return excludeSystemEvents();
}

/** Escapes the regex metacharacters, which the server's .NET regular expressions read as JavaScript does. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Input checks (the first as in sqlite/read-options.ts)

function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  return value;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * The distributed profile's event store. Every event is a JSON event (content type application/json).
 * System events, and events of `$` streams, are EventStoreDB's own: readAll, subscribeToAll and
 * headPosition leave them out.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<EsdbSubscription>();
  private closed = false;

  private constructor(
    private readonly client: EventStoreDBClient,
    private readonly batchSize: number,
  ) {}

  /**
   * `connectionString` is an esdb:// URL (esdb://host:2113?tls=false). The client connects on first
   * use, so an unreachable server shows as an EventStoreUnavailableError from the first call.
   */
  static connect(connectionString: string, options: EsdbEventStoreOptions = {}): EsdbEventStore {
    return new EsdbEventStore(
      EventStoreDBClient.connectionString(connectionString),
      positiveInteger(options.subscriptionBatchSize ?? DEFAULT_BATCH_SIZE, 'subscriptionBatchSize'),
    );
  }

  /**
   * A retry (the same event ids under an expected revision they already satisfied) succeeds without
   * writing: EventStoreDB recognises it (Services/Storage/ReaderIndex/IndexWriter.cs, CheckCommit's
   * CommitDecision.Idempotent) and reports the revision of the retried append's last event.
   */
  async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const proposed = proposedEvents(stream, events);
    const expectedRevision = esdbExpectedRevision(expected);
    const result = await this.client.appendToStream(stream, proposed, { expectedRevision }).catch((error: unknown) => {
      if (error instanceof WrongExpectedVersionError) throw wrongRevisionFromEsdb(error, expected);
      throw storeErrorFromEsdb(error);
    });
    const { nextRevision, position } = esdbAppendOutcome(stream, result);
    return { nextRevision, position: position ?? (await this.positionOf(stream, nextRevision)) };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const fromRevision = nonNegativeInteger(options.fromRevision ?? 0, 'fromRevision');
    const maxCount = options.maxCount === undefined ? undefined : nonNegativeInteger(options.maxCount, 'maxCount');
    if (maxCount === 0) return [];
    const read = this.client.readStream(stream, { fromRevision: BigInt(fromRevision), maxCount });
    const entries = await collect(read).catch((error: unknown) => {
      // How EventStoreDB answers a read of a stream that never existed or was deleted (deleteStream), and
      // of a tombstoned one: the client's tests "stream not found" and "stream deleted" in
      // packages/test/src/streams/readStream.test.ts, and "any revision" in deleteStream.test.ts.
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    });
    return entries.map((entry) => recordedEventFromEsdb(eventOf(entry)));
  }

  /** Client v6 reads $all without a filter (streams/readAll.ts), so the filter is applied here, page by page. */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const limit = options.maxCount === undefined ? Infinity : nonNegativeInteger(options.maxCount, 'maxCount');
    const { accepts } = planEsdbFilter(options.filter);
    const found: RecordedEvent[] = [];
    if (limit === 0) return found;
    for await (const event of this.allForwards(options.after ?? null)) {
      if (!accepts(event)) continue;
      found.push(recordedEventFromEsdb(event));
      if (found.length === limit) break;
    }
    return found;
  }

  subscribeToAll(options: SubscribeOptions, handler: FeedHandler): Subscription {
    this.assertOpen();
    const plan = planEsdbFilter(options.filter);
    // A catch-up subscription starts strictly after its position: the client's own test "from
    // position" (packages/test/src/streams/subscribeToAll.test.ts) does not receive its marker event.
    const source = this.client.subscribeToAll({
      fromPosition: readPositionAfter(options.after ?? null),
      filter: plan.server,
    });
    const subscription: EsdbSubscription = new EsdbSubscription(source, handler, {
      accepts: plan.accepts,
      batchSize: this.batchSize,
      onError: options.onError,
      onEnded: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position | null> {
    this.assertOpen();
    for await (const event of this.allBackwards()) {
      if (!isSystemEvent(event)) return positionFromEsdb(event.position);
    }
    return null;
  }

  /** EventStoreDB keeps no count: the range is read, system events left out, up to the limit. */
  async countBetween(after: Position | null, upTo: Position, limit: number): Promise<number> {
    this.assertOpen();
    const bound = nonNegativeInteger(limit, 'limit');
    let count = 0;
    if (bound === 0) return count;
    for await (const event of this.allForwards(after)) {
      if (isAfter(positionFromEsdb(event.position), upTo)) break;
      if (isSystemEvent(event)) continue;
      count += 1;
      if (count === bound) break;
    }
    return count;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A subscription whose onError threw must not keep the client open.
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }

  /** The position in $all of a stream's event, read back when the server did not report it. */
  private async positionOf(stream: string, revision: number): Promise<Position> {
    const [event] = await this.readStream(stream, { fromRevision: revision, maxCount: 1 });
    if (event === undefined) throw new Error(`Stream ${stream} has no revision ${revision}`);
    return event.position;
  }

  /**
   * $all strictly after `after`, system events included, a page at a time. A forward read includes
   * the event at its starting position (Services/Storage/ReaderIndex/AllReader.cs: `>= pos`; the client's
   * test "from position" in packages/test/src/streams/readAll.test.ts), so each page leaves out
   * the event the previous one ended on.
   */
  private async *allForwards(after: Position | null): AsyncGenerator<AllStreamRecordedEvent> {
    let cursor = after;
    for (;;) {
      const from = cursor;
      const page = await collect(
        this.client.readAll({ fromPosition: readPositionAfter(from), maxCount: READ_PAGE_SIZE }),
      );
      for (const entry of page) {
        const event = eventOf(entry);
        cursor = positionFromEsdb(event.position);
        if (isAfter(cursor, from)) yield event;
      }
      if (page.length < READ_PAGE_SIZE) return;
    }
  }

  /**
   * $all from its end back to its start, a page at a time. A backward read from an event's position
   * starts with the event before it (Services/Storage/ReaderIndex/AllReader.cs: post-position `<= pos`).
   */
  private async *allBackwards(): AsyncGenerator<AllStreamRecordedEvent> {
    let from: ReadPosition = END;
    for (;;) {
      const page: AllStreamResolvedEvent[] = await collect(
        this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_PAGE_SIZE }),
      );
      const events = page.map((entry) => eventOf(entry));
      yield* events;
      const oldest = events.at(-1);
      if (events.length < HEAD_PAGE_SIZE || oldest === undefined) return;
      from = oldest.position;
    }
  }
}

interface EsdbSubscriptionOptions {
  accepts: (event: StreamAndType) => boolean;
  batchSize: number;
  onError: ((error: unknown) => void) | undefined;
  /** Called once, when the delivery loop has ended for whatever reason. */
  onEnded: () => void;
}

/**
 * Turns the client's subscription, a stream of single events that EventStoreDB takes from catch-up
 * to live by itself, into the port's batches. What arrives while the handler is busy is queued and
 * becomes the next batch; once a batch's worth is queued, the stream is paused, which lets gRPC's
 * flow control hold the server back.
 */
class EsdbSubscription implements Subscription {
  private stopped = false;
  private readonly queue: RecordedEvent[] = [];
  private failure: { error: unknown } | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly ended: Promise<void>;

  constructor(
    private readonly source: AllStreamSubscription,
    private readonly handler: FeedHandler,
    private readonly options: EsdbSubscriptionOptions,
  ) {
    source.on('data', (resolved: AllStreamResolvedEvent) => this.receive(resolved));
    source.on('error', (error: Error) => this.fail(storeErrorFromEsdb(error)));
    // The stream ends after unsubscribe() (the client's test "from position" in subscribeToAll.test.ts
    // waits for it); ending before is the store's failure, which must not leave the feed stalled unnoticed.
    source.on('end', () => this.fail(new EventStoreUnavailableError(new Error('EventStoreDB ended the subscription'))));
    this.ended = this.deliver();
  }

  /** Must not be awaited from inside the handler: it waits for the handler to return. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.ended;
  }

  private receive(resolved: AllStreamResolvedEvent): void {
    if (this.stopped || this.failure !== null) return;
    try {
      const event = eventOf(resolved);
      if (!this.options.accepts(event)) return;
      this.queue.push(recordedEventFromEsdb(event));
    } catch (error) {
      this.fail(error);
      return;
    }
    if (this.queue.length >= this.options.batchSize) this.source.pause();
    this.wake();
  }

  private fail(error: unknown): void {
    if (this.stopped || this.failure !== null) return;
    this.failure = { error };
    this.wake();
  }

  private wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    wakeUp?.();
  }

  private async deliver(): Promise<void> {
    try {
      let batch = await this.nextBatch();
      while (batch !== null) {
        await this.handler(batch);
        batch = await this.nextBatch();
      }
    } catch (error) {
      this.stopped = true;
      this.options.onError?.(error);
    } finally {
      // A subscription that never opened has nothing to cancel; its failure has reached onError above.
      await this.source.unsubscribe().catch(() => undefined);
      this.options.onEnded();
    }
  }

  /** The next batch, once there is one; null once stopped. Events queued before a failure are delivered first. */
  private async nextBatch(): Promise<RecordedEvent[] | null> {
    for (;;) {
      if (this.stopped) return null;
      if (this.queue.length > 0) return this.takeBatch();
      if (this.failure !== null) throw this.failure.error;
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
      });
    }
  }

  private takeBatch(): RecordedEvent[] {
    const batch = this.queue.splice(0, this.options.batchSize);
    if (this.source.isPaused() && this.queue.length < this.options.batchSize) this.source.resume();
    return batch;
  }
}

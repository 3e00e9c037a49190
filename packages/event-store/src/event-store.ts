/**
 * The event store port. Its semantics are EventStoreDB's, and nothing more, so that every adapter
 * (SQLite for the embedded profile, EventStoreDB for the distributed one) can honour it.
 */
import { StoreUnavailableError } from '@passes/storage';
import type { Position } from './position';

/** How the caller expects the stream to look before an append. */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface EventMetadata {
  correlation_id: string;
  causation_id: string | null;
  business_id: string | null;
  actor: string;
  schema_version: number;
  /** An automation's run's place in a chain of automations (1, 2, 3); absent for everything else. */
  depth?: number;
}

/** An event as the caller hands it to `append`. */
export interface NewEvent {
  /** Set by the caller to make retries of the same append recognisable; generated when absent. */
  id?: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/** An event as the store hands it back; read-only, since the followers of a store may share one decoding of it. */
export interface RecordedEvent {
  readonly id: string;
  readonly stream: string;
  /** 0-based position of the event inside its stream. */
  readonly revision: number;
  /** Place in the global feed: strictly increasing across all streams, not necessarily dense. */
  readonly position: Position;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<EventMetadata>;
  /** ISO 8601 UTC. */
  readonly created_at: string;
}

export interface AppendResult {
  /** Revision of the last event appended: the expected revision for the next append. */
  nextRevision: number;
  /** Global position of the last event appended. */
  position: Position;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface AllFilter {
  streamPrefixes?: readonly string[];
  eventTypes?: readonly string[];
}

export interface ReadAllOptions {
  /** Return only events after this position. Default (and `null`): from the start. */
  after?: Position | null;
  maxCount?: number;
  filter?: AllFilter;
}

export interface SubscribeOptions {
  /** Deliver the events after this position; `null` or absent: from the start. */
  after?: Position | null;
  filter?: AllFilter;
  /** Called once if the handler throws or the store fails; the subscription is then stopped. */
  onError?: (error: unknown) => void;
}

export type FeedHandler = (events: readonly RecordedEvent[]) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventStore {
  /**
   * Appends atomically to one stream, or throws WrongExpectedRevisionError without writing anything.
   * Once the returned promise resolves, the events are durable.
   */
  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Delivers every event after `after` in global order: first those already stored (catch-up), then
   * new ones as they are appended (live), by this process or another. Events come in batches (never
   * empty) so that a handler can commit many at once; the handler is awaited before the next batch.
   */
  subscribeToAll(options: SubscribeOptions, handler: FeedHandler): Subscription;
  /** Global position of the newest event, or `null` when the store is empty. */
  headPosition(): Promise<Position | null>;
  /**
   * How many events lie after `after` up to and including `upTo`, counting no further than `limit`
   * (the answer is then `limit`): how far a follower lags, or how much a rebuild has left. Cheap on
   * SQLite; EventStoreDB has no count, so its adapter reads the range.
   */
  countBetween(after: Position | null, upTo: Position, limit: number): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's current revision, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The store could not be reached in time (connection lost, deadline passed): retry later; HTTP answers 503. */
export class EventStoreUnavailableError extends StoreUnavailableError {
  constructor(cause: unknown) {
    super('event store', { cause });
    this.name = 'EventStoreUnavailableError';
  }
}

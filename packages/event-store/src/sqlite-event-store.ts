import { GroupCommit } from '@passes/storage';
import type Database from 'better-sqlite3';
import {
  type AllFilter,
  type AppendResult,
  type EventStore,
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
import { AllQuery } from './sqlite/all-query';
import { type PreparedEvent, prepareAppend } from './sqlite/append-input';
import { type EventStatements, prepareEventStatements } from './sqlite/event-statements';
import { type EventRow, toRecordedEvent } from './sqlite/event-row';
import { couldHaveBeenWrittenUnder, expectationHolds } from './sqlite/expected-revision';
import { type FeedPage, FeedSubscription } from './sqlite/feed-subscription';
import { openDatabase } from './sqlite/open-database';
import { limitOf, nonNegativeInteger } from './sqlite/read-options';
import { RecentCommits } from './sqlite/recent-commits';
import { positionOfInteger, type Position } from './position';

interface SqliteEventStoreOptions {
  now?: () => Date;
  /** How often an idle subscription looks for appends made by another process on the same file. */
  pollIntervalMs?: number;
}

const DEFAULT_POLL_INTERVAL_MS = 200;
const SUBSCRIPTION_PAGE_SIZE = 500;
/** Upper bound for reads that are not tied to a head position. */
const END_OF_FEED = Number.MAX_SAFE_INTEGER;

/** An append as written: its result, and the rows it inserted (none when it was a retry already stored). */
interface Written {
  result: AppendResult;
  rows: EventRow[];
}

/**
 * The embedded profile's event store: one SQLite file, shareable with another process (the CLI).
 * Appends hold SQLite's single write lock from reading the stream's revision to commit, so
 * positions are allocated and committed in the same order: a reader never sees a position appear
 * below one it has already seen. Subscriptions in this process are handed what it has just committed
 * (RecentCommits) rather than reading it back.
 */
export class SqliteEventStore implements EventStore {
  private readonly statements: EventStatements;
  private readonly allQuery: AllQuery;
  private readonly appends: GroupCommit<Written>;
  private readonly recentCommits = new RecentCommits(SUBSCRIPTION_PAGE_SIZE);
  private readonly subscriptions = new Set<FeedSubscription>();

  private constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
    private readonly pollIntervalMs: number,
  ) {
    this.statements = prepareEventStatements(db);
    this.allQuery = new AllQuery(db);
    this.appends = new GroupCommit<Written>(db, (committed) => {
      this.recentCommits.record(committed.flatMap(({ rows }) => rows));
      for (const subscription of this.subscriptions) subscription.wake();
    });
  }

  static open(path: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    return new SqliteEventStore(
      openDatabase(path),
      options.now ?? (() => new Date()),
      options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    );
  }

  async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (!this.db.open) throw new Error('Event store is closed');
    const prepared = prepareAppend(stream, events, expected);
    // One event is one INSERT, the write's only change: its failure undoes itself.
    const write = () => this.writeInTransaction(stream, prepared, expected);
    const { result } = await this.appends.submit(write, { singleStatement: prepared.length === 1 });
    return result;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = nonNegativeInteger(options.fromRevision ?? 0, 'fromRevision');
    return this.statements.readStream.all(stream, fromRevision, limitOf(options.maxCount)).map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.allQuery
      .read(rowPositionOf(options.after), END_OF_FEED, limitOf(options.maxCount), options.filter)
      .map(toRecordedEvent);
  }

  subscribeToAll(options: SubscribeOptions, handler: FeedHandler): Subscription {
    if (!this.db.open) throw new Error('Event store is closed');
    const subscription: FeedSubscription = new FeedSubscription(handler, {
      after: rowPositionOf(options.after),
      pollIntervalMs: this.pollIntervalMs,
      readPage: (after) => this.readPage(after, options.filter),
      onError: options.onError,
      onEnded: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position | null> {
    const head = this.currentHead();
    return head === 0 ? null : positionOfInteger(head);
  }

  async countBetween(after: Position | null, upTo: Position, limit: number): Promise<number> {
    return this.statements.countBetween.get(rowPositionOf(after), rowPositionOf(upTo), nonNegativeInteger(limit, 'limit'))?.count ?? 0;
  }

  async close(): Promise<void> {
    // A subscription whose onError threw must not keep the file open.
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    if (!this.db.open) return;
    this.appends.flush();
    this.db.close();
  }

  private writeInTransaction(stream: string, events: PreparedEvent[], expected: ExpectedRevision): Written {
    const retried = this.findRetriedAppend(stream, events, expected);
    if (retried !== undefined) return { result: retried, rows: [] };

    const current = this.statements.currentRevision.get(stream)?.revision ?? null;
    const actual = current ?? 'no_stream';
    if (!expectationHolds(expected, actual)) throw new WrongExpectedRevisionError(stream, expected, actual);

    const createdAt = this.now().toISOString();
    let revision = current ?? -1;
    let position = 0;
    const rows: EventRow[] = [];
    for (const event of events) {
      revision += 1;
      const inserted = this.statements.insert.run(
        event.id,
        stream,
        revision,
        event.type,
        event.data,
        event.metadata,
        createdAt,
      );
      position = Number(inserted.lastInsertRowid);
      rows.push([position, event.id, stream, revision, event.type, event.data, event.metadata, createdAt]);
    }
    return { result: { nextRevision: revision, position: positionOfInteger(position) }, rows };
  }

  /**
   * EventStoreDB's idempotence: when the same event ids are appended again under an expected
   * revision they already satisfied, the append succeeds without writing, so a caller may retry an
   * append whose outcome it never learnt.
   */
  private findRetriedAppend(
    stream: string,
    events: PreparedEvent[],
    expected: ExpectedRevision,
  ): AppendResult | undefined {
    const first = events[0];
    if (first === undefined || !first.idGivenByCaller) return undefined;
    const stored = this.statements.locateEvent.get(first.id);
    if (stored === undefined || stored.stream !== stream) return undefined;
    if (!couldHaveBeenWrittenUnder(expected, stored.revision)) return undefined;
    const rows = this.statements.readStream.all(stream, stored.revision, events.length);
    const sameEvents = rows.length === events.length && rows.every(([, id], index) => id === events[index]?.id);
    const last = rows.at(-1);
    if (!sameEvents || last === undefined) return undefined;
    const [position, , , revision] = last;
    return { nextRevision: revision, position: positionOfInteger(position) };
  }

  private currentHead(): number {
    return this.statements.headPosition.get()?.position ?? 0;
  }

  private readPage(after: number, filter: AllFilter | undefined): FeedPage {
    return this.recentCommits.pageAfter(after, filter) ?? this.readPageFromFile(after, filter);
  }

  private readPageFromFile(after: number, filter: AllFilter | undefined): FeedPage {
    // The head is read first and bounds the page: anything committed later has a higher position.
    const head = this.currentHead();
    const rows = this.allQuery.read(after, head, SUBSCRIPTION_PAGE_SIZE, filter);
    const events = rows.map(toRecordedEvent);
    const last = rows.at(-1);
    if (rows.length === SUBSCRIPTION_PAGE_SIZE && last !== undefined) {
      const [lastPosition] = last;
      return { events, scannedTo: lastPosition, reachedHead: false };
    }
    return { events, scannedTo: Math.max(after, head), reachedHead: true };
  }
}

/** Positions of this adapter are its rows' integer positions; the start of the feed is 0. */
function rowPositionOf(position: Position | null | undefined): number {
  return position === null || position === undefined ? 0 : Number(position);
}

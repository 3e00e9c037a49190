/**
 * The read store of the embedded profile: one SQLite file, rebuildable from the event store. Each
 * generation of a collection has a table of documents, a table of lookup keys, a table of each
 * document's key set and a full-text index of their words; a small catalog says which generation of each collection is live, which is being
 * built and which are retired, and which number each collection's last new generation was given.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { positionFrom, type Position } from '@passes/event-store';
import { openWalDatabase } from '@passes/storage';
import type Database from 'better-sqlite3';
import {
  GenerationConflictError,
  type CollectionShape,
  type CollectionState,
  type DocumentPage,
  type DocumentStore,
  type Generation,
  type GenerationRef,
  type GenerationWrites,
  type PageOrder,
  type PageReading,
  type StoredDocument,
} from '../document-store';
import type { LookupKey } from '../word-keys';
import { GenerationTables, type AfterCommit, type PreparedGeneration } from './generation-tables';

const CATALOG = `
  CREATE TABLE IF NOT EXISTS generations (
    collection   TEXT    NOT NULL,
    generation   INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    role         TEXT    NOT NULL CHECK (role IN ('live', 'next', 'retired')),
    checkpoint   TEXT,
    requested_at TEXT    NOT NULL,
    PRIMARY KEY (collection, generation)
  ) STRICT;
  CREATE UNIQUE INDEX IF NOT EXISTS one_live_generation ON generations (collection) WHERE role = 'live';
  CREATE UNIQUE INDEX IF NOT EXISTS one_next_generation ON generations (collection) WHERE role = 'next';
  CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until INTEGER NOT NULL) STRICT;
  CREATE TABLE IF NOT EXISTS last_generations (collection TEXT PRIMARY KEY, generation INTEGER NOT NULL) STRICT;
`;

interface SqliteDocumentStoreOptions {
  /**
   * How long queries trust what this connection remembers of the file before asking SQLite whether another
   * connection committed to it (see noticeOtherConnectionsWhenDue). The projector's loads always ask.
   */
  trustMs?: number;
  /** Monotonic milliseconds. */
  now?: () => number;
  /**
   * The log length, in pages, past which a commit copies the log back into the database (and, at
   * `synchronous = NORMAL`, syncs it) before it returns; see DEFAULT_WAL_AUTOCHECKPOINT_PAGES.
   */
  walAutocheckpointPages?: number;
}

/**
 * SQLite's own default. The commit that passes it does the copying, and the commits of the projector that
 * serves requests are what requests wait for: at 10,000 pages (about 40 MiB) that commit stalled every
 * request of its group every few seconds under `issue`, and set their p99; at 1,000 each copy is short, for
 * the same throughput. A rebuild's catch-up, whose long bursts of writes nobody waits for, sets
 * a longer log for itself.
 */
const DEFAULT_WAL_AUTOCHECKPOINT_PAGES = 1_000;

/**
 * A millisecond. Asking before every read was a statement more for every read (five a `GET /businesses/me`); a
 * request takes a quarter of a millisecond or more, so under load one request in four asks, once.
 */
const DEFAULT_TRUST_MS = 1;

/**
 * SQLite's page cache for the serving connection, in KiB (a negative `cache_size`). Its default of 2 MiB holds
 * the index and document pages a store of a thousand passes reads; a store of a million has a few hundred MiB
 * of them, and every page the cache misses is a read from the OS (a system call and a copy): a lookup by email
 * read about ten.
 */
const PAGE_CACHE_KIB = 64 * 1024;

/**
 * Documents a drop deletes per transaction. Whoever drops holds the store's one write lock meanwhile, and the
 * projector's commits, which requests wait for, wait for it: a page is short beside a commit's own time,
 * where a whole generation of a large store would keep them waiting (and every request with them).
 */
const DROP_PAGE_ROWS = 200;

/** The layout before generations; its documents are rebuilt into generations like any stale projection. */
const PREVIOUS_LAYOUT = 'DROP TABLE IF EXISTS document_keys; DROP TABLE IF EXISTS documents; DROP TABLE IF EXISTS checkpoints;';

interface GenerationRow {
  collection: string;
  generation: number;
  version: number;
  role: 'live' | 'next' | 'retired';
  checkpoint: string | null;
  requested_at: string;
}

export class SqliteDocumentStore implements DocumentStore {
  private readonly tables: GenerationTables;
  private readonly statements;
  private readonly commitTransaction;
  private readonly createTransaction;
  private readonly promoteTransaction;
  private readonly leaseTransaction;
  private readonly dropPageTransaction;
  /** Each collection's live generation as of `dataVersion`; see liveTables. */
  private readonly liveGenerations = new Map<string, number | undefined>();
  private dataVersion = 0;
  /** When `dataVersion` was last read, in `now`'s milliseconds. */
  private dataVersionReadAt = Number.NEGATIVE_INFINITY;

  private constructor(
    private readonly db: Database.Database,
    private readonly trustMs: number,
    private readonly now: () => number,
  ) {
    db.exec(PREVIOUS_LAYOUT);
    db.exec(CATALOG);
    this.tables = new GenerationTables(db);
    this.tables.upgradeKeyTables();
    this.tables.upgradeKeySets();
    this.statements = {
      liveGeneration: db.prepare<[string], { generation: number }>("SELECT generation FROM generations WHERE collection = ? AND role = 'live'"),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      all: db.prepare<[], GenerationRow>('SELECT * FROM generations ORDER BY collection, generation'),
      // The counter, and the catalog for a store made before the counter was.
      lastGeneration: db.prepare<[string, string], number | null>(
        `SELECT max(generation) FROM (SELECT max(generation) AS generation FROM generations WHERE collection = ?
                                     UNION ALL SELECT generation FROM last_generations WHERE collection = ?)`,
      ).pluck(),
      setLastGeneration: db.prepare<[string, number]>(
        'INSERT INTO last_generations (collection, generation) VALUES (?, ?) ON CONFLICT (collection) DO UPDATE SET generation = excluded.generation',
      ),
      roleTaken: db.prepare<[string, string], { generation: number }>('SELECT generation FROM generations WHERE collection = ? AND role = ?'),
      insertGeneration: db.prepare<[string, number, number, string, string]>(
        'INSERT INTO generations (collection, generation, version, role, checkpoint, requested_at) VALUES (?, ?, ?, ?, NULL, ?)',
      ),
      setCheckpoint: db.prepare<[string, string, number]>('UPDATE generations SET checkpoint = ? WHERE collection = ? AND generation = ?'),
      setRole: db.prepare<[string, string, number]>('UPDATE generations SET role = ? WHERE collection = ? AND generation = ?'),
      retireNext: db.prepare<[string, number]>("UPDATE generations SET role = 'retired' WHERE collection = ? AND generation = ? AND role = 'next'"),
      deleteGeneration: db.prepare<[string, number]>('DELETE FROM generations WHERE collection = ? AND generation = ?'),
      lease: db.prepare<[string], { holder: string; until: number }>('SELECT holder, until FROM leases WHERE name = ?'),
      setLease: db.prepare<[string, string, number]>(
        'INSERT INTO leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until',
      ),
      releaseLease: db.prepare<[string, string]>('DELETE FROM leases WHERE name = ? AND holder = ?'),
    };
    this.commitTransaction = db.transaction((batch: readonly GenerationWrites[], position: Position) => {
      const afterCommit: AfterCommit[] = [];
      for (const { target, writes } of batch) {
        const tables = this.tables.of(target);
        if (tables === undefined) throw new Error(`Generation ${target.generation} of ${target.collection} does not exist`);
        for (const write of writes) afterCommit.push(tables.write(write));
        this.statements.setCheckpoint.run(position, target.collection, target.generation);
      }
      return afterCommit;
    });
    this.createTransaction = db.transaction((shape: CollectionShape, as: 'live' | 'next', requestedAt: string): Generation => {
      if (this.statements.roleTaken.get(shape.collection, as) !== undefined) throw new GenerationConflictError(shape.collection, as);
      // Never a number given before, not even one of a dropped generation: kept documents rely on it (GenerationTables).
      const generation = (this.statements.lastGeneration.get(shape.collection, shape.collection) ?? 0) + 1;
      this.statements.setLastGeneration.run(shape.collection, generation);
      this.tables.create({ collection: shape.collection, generation });
      this.statements.insertGeneration.run(shape.collection, generation, shape.version, as, requestedAt);
      return { generation, version: shape.version, checkpoint: null };
    });
    this.promoteTransaction = db.transaction((collection: string, generation: number) => {
      const next = this.statements.roleTaken.get(collection, 'next');
      if (next?.generation !== generation) throw new Error(`Generation ${generation} of ${collection} is not the next one`);
      const live = this.statements.roleTaken.get(collection, 'live');
      if (live !== undefined) this.statements.setRole.run('retired', collection, live.generation);
      this.statements.setRole.run('live', collection, generation);
    });
    this.dropPageTransaction = db.transaction((tables: PreparedGeneration) => tables.deleteRows(DROP_PAGE_ROWS));
    this.leaseTransaction = db.transaction((name: string, holder: string, now: number, until: number, isStale: (holder: string) => boolean) => {
      const current = this.statements.lease.get(name);
      const free = current === undefined || current.holder === holder || current.until <= now || isStale(current.holder);
      if (free) this.statements.setLease.run(name, holder, until);
      return free;
    });
  }

  static open(file: string, options: SqliteDocumentStoreOptions = {}): SqliteDocumentStore {
    // The read store is rebuilt from the event store, so it need not survive a power cut on its own.
    const db = openWalDatabase(file, { synchronous: 'NORMAL' });
    try {
      db.pragma(`wal_autocheckpoint = ${pageCount(options.walAutocheckpointPages ?? DEFAULT_WAL_AUTOCHECKPOINT_PAGES)}`);
      db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
      return new SqliteDocumentStore(db, options.trustMs ?? DEFAULT_TRUST_MS, options.now ?? (() => performance.now()));
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async get(collection: string, id: string): Promise<StoredDocument<unknown> | null> {
    const stored = this.liveTables(collection)?.get(id, this.dataVersion);
    return stored === undefined || stored.doc === null ? null : stored;
  }

  async getMany(collection: string, ids: readonly string[], reading: PageReading): Promise<Map<string, StoredDocument<unknown>>> {
    return this.liveTables(collection)?.getMany(ids, reading, this.dataVersion) ?? new Map();
  }

  async find(collection: string, index: string, key: string, limit = 1000): Promise<unknown[]> {
    return this.liveTables(collection)?.find(index, key, limit, this.dataVersion) ?? [];
  }

  async findPage(collection: string, index: string, key: LookupKey, after: string | null, limit: number, order: PageOrder = 'oldest-first', reading: PageReading = 'kept'): Promise<DocumentPage> {
    return this.liveTables(collection)?.findPage(index, key, after, limit, order, reading, this.dataVersion) ?? { docs: [], next: null };
  }

  async count(collection: string, index: string, key: LookupKey, limit?: number): Promise<number> {
    return this.liveTables(collection)?.count(index, key, limit) ?? 0;
  }

  async scan(collection: string, after: string | null, limit: number): Promise<StoredDocument<unknown>[]> {
    return this.liveTables(collection)?.scan(after ?? '', limit) ?? [];
  }

  async collections(): Promise<CollectionState[]> {
    // The catalog is where a waiter learns that another process's projector reached a position: what is
    // read after it must be as new.
    this.noticeOtherConnections();
    const states = new Map<string, CollectionState>();
    for (const row of this.statements.all.all()) {
      const state = states.get(row.collection) ?? { collection: row.collection, live: null, next: null, retired: [] };
      const generation: Generation = { generation: row.generation, version: row.version, checkpoint: row.checkpoint === null ? null : positionFrom(row.checkpoint) };
      if (row.role === 'live') states.set(row.collection, { ...state, live: generation });
      else if (row.role === 'next') states.set(row.collection, { ...state, next: { ...generation, requestedAt: row.requested_at } });
      else states.set(row.collection, { ...state, retired: [...state.retired, row.generation] });
    }
    return [...states.values()];
  }

  async createGeneration(shape: CollectionShape, as: 'live' | 'next', requestedAt: Date): Promise<Generation> {
    this.liveGenerations.clear();
    return this.createTransaction.immediate(shape, as, requestedAt.toISOString());
  }

  async load(target: GenerationRef, ids: readonly string[]): Promise<Map<string, StoredDocument<unknown>>> {
    const dataVersion = this.noticeOtherConnections();
    const tables = this.tables.of(target);
    const found = new Map<string, StoredDocument<unknown>>();
    for (const id of ids) {
      const stored = tables?.get(id, dataVersion);
      if (stored !== undefined) found.set(id, stored);
    }
    return found;
  }

  async commit(batch: readonly GenerationWrites[], position: Position): Promise<void> {
    // Remembered once committed: a rolled-back write must not be what later reads or writes see. Kept as of the
    // data_version last read, so after a commit of another connection since then their revision is read again before use.
    for (const remember of this.commitTransaction.immediate(batch, position)) remember(this.dataVersion);
  }

  async promote(collection: string, generation: number): Promise<void> {
    this.liveGenerations.clear();
    this.promoteTransaction.immediate(collection, generation);
  }

  /**
   * A page of documents at a time, giving way between pages (DROP_PAGE_ROWS); then the emptied tables. An
   * abandoned next generation is retired first: one left half emptied by a crash is dropped again, never resumed.
   */
  async drop(target: GenerationRef, signal?: AbortSignal): Promise<void> {
    this.liveGenerations.clear();
    this.statements.retireNext.run(target.collection, target.generation);
    const tables = this.tables.existing(target);
    while (tables !== undefined && this.dropPageTransaction.immediate(tables)) {
      await yieldToEventLoop();
      if (signal?.aborted) return;
    }
    this.db.transaction(() => {
      this.tables.drop(target);
      this.statements.deleteGeneration.run(target.collection, target.generation);
    }).immediate();
  }

  async acquireLease(name: string, holder: string, now: Date, ttlMs: number, isStale: (holder: string) => boolean): Promise<boolean> {
    return this.leaseTransaction.immediate(name, holder, now.getTime(), now.getTime() + ttlMs, isStale);
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.statements.releaseLease.run(name, holder);
  }

  async leaseHolder(name: string): Promise<{ holder: string; until: Date } | null> {
    const row = this.statements.lease.get(name);
    return row === undefined ? null : { holder: row.holder, until: new Date(row.until) };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /**
   * The live generation is remembered rather than looked up by every query (the lookup was a twentieth of
   * a read's cost). This connection forgets it when it changes the catalog itself.
   */
  private liveTables(collection: string) {
    this.noticeOtherConnectionsWhenDue();
    let generation = this.liveGenerations.get(collection);
    if (generation === undefined && !this.liveGenerations.has(collection)) {
      generation = this.statements.liveGeneration.get(collection)?.generation;
      this.liveGenerations.set(collection, generation);
    }
    return generation === undefined ? undefined : this.tables.of({ collection, generation });
  }

  /**
   * What this connection remembers of the file (live generations, documents read) holds until another
   * connection (the CLI, a catch-up worker, another process) commits to it: SQLite's data_version, returned,
   * moves then. Asking costs a read transaction, as much as a read from the page cache.
   */
  private noticeOtherConnections(): number {
    const dataVersion = this.statements.dataVersion.get() ?? 0;
    this.dataVersionReadAt = this.now();
    if (dataVersion !== this.dataVersion) {
      this.liveGenerations.clear();
      this.dataVersion = dataVersion;
    }
    return dataVersion;
  }

  /**
   * Queries trust the last answer for `trustMs`. What this connection writes is seen at once, and so is what
   * another connection committed before the catalog was last read (a read-your-writes wait on another
   * process's projector reads it); any other commit of another connection is seen at most `trustMs` late.
   */
  private noticeOtherConnectionsWhenDue(): void {
    if (this.now() - this.dataVersionReadAt >= this.trustMs) this.noticeOtherConnections();
  }
}

function pageCount(pages: number): number {
  if (!Number.isSafeInteger(pages) || pages < 1) throw new RangeError(`A log length of ${pages} pages is not a positive integer`);
  return pages;
}

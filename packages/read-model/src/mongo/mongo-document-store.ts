/**
 * The read store of the distributed profile, on MongoDB (or a MongoDB-wire server) without
 * transactions or change streams (DESIGN §7). Each generation of a collection is a MongoDB collection
 * `<name>_g<n>`, its lookup indexes declared when it is created; one catalog document per collection
 * says which generation is live, which is being built and which are retired, and holds their
 * checkpoints. Writes are revision-guarded upserts, so a replayed batch changes nothing; only the
 * projector holding the lease writes, so checkpoints need no transaction: they are written after the
 * documents they cover.
 *
 * A query goes to the generation this process last found live and, sent after it, a read of the catalog's
 * live generations: when the catalog names another (a promotion, in whatever process), the query is asked
 * again of that one. So no read answers from a generation replaced before it began (docs/decisions.md,
 * "Reads checked against the catalog"). One read of the catalog, sent once the event loop turns (or once the
 * read under way returns: one at a time), checks every query sent before it, of every collection.
 *
 * A lookup not asked before by this process goes alone instead, with no read of the catalog: its `find` also
 * fetches its generation's mark, which a promotion sets to retired before it swaps the catalog, so a mark
 * found live says the generation was live while the query ran (docs/decisions.md, "A lookup's generation
 * checked by its own query").
 *
 * Queries of one generation made in the same turn of the event loop go as one `find` (DataLoader): the
 * `get`s of its documents by their ids, and the first lookups of one index by their keys. Requests come in
 * waves (those waiting for one read of the catalog go on together), so a wave's reads cost one command.
 *
 * The same read keeps answers: each generation's catalog entry holds the position of the last batch that
 * wrote documents into it (`written`), and a `get` or `find` answered while neither that nor the live
 * generation moved is kept and served again while a read of the catalog sent after the request began
 * still says the same (docs/decisions.md, "Answers kept while the catalog says nothing was written").
 */
import { positionFrom, sortablePosition, type Position } from '@passes/event-store';
import { isDuplicateKey, onMongo } from '@passes/storage/distributed';
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Collection, type Db } from 'mongodb';
import { deepFreeze } from '../deep-freeze';
import {
  GenerationConflictError,
  type CollectionShape,
  type CollectionState,
  type DocumentPage,
  type DocumentStore,
  type DocumentWrite,
  type Generation,
  type GenerationRef,
  type GenerationWrites,
  type PageOrder,
  type StoredDocument,
} from '../document-store';
import { cursorAt, placeOf } from '../page-cursor';
import { keysWithWords, keyTextOf, type LookupKey } from '../word-keys';

const STORE = 'read store';
/**
 * Generations a query follows when promotions keep replacing the one it asks, before it answers from the
 * last one the catalog named live.
 */
const MAX_GENERATION_SWITCHES = 3;
/** Documents a process keeps in answers of `get`, and as many in answers of `find`: as many as the SQLite store keeps. */
const KEPT_DOCUMENTS = 5_000;
/** Lookups this process remembers having asked, so that one asked again goes the way whose answer is kept. */
const ASKED_LOOKUPS = 5_000;
/** Reads one command asks for at most: a wave of requests is far fewer; a command stays far below MongoDB's 16 MB. */
const BATCH_MAX = 1_000;
/** The `_id` of a generation's mark: a number, where every document's is a string. */
const MARK_ID = 0;
/** Collection names become MongoDB collection names, so they are held to a safe shape. */
const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,62}$/;

interface GenerationFields {
  generation: number;
  version: number;
  checkpoint: string | null;
  /** The checkpoint of the last batch that wrote documents into the generation; absent before the first. */
  written?: string;
}

/** A collection as a read of the catalog found it: its live generation and where that was last written. */
interface LiveState {
  generation: number;
  written: string | null;
}

/** An answer kept, with the state of its collection it holds for. */
interface KeptAnswer<Answer> {
  state: LiveState;
  answer: Answer;
}

/** Where onLive keeps an answer: the answers of its kind, and what it asked. */
interface KeptBy<Answer> {
  answers: LRUCache<string, KeptAnswer<Answer>>;
  key: string;
}

interface CatalogState {
  _id: string;
  lastGeneration: number;
  live: GenerationFields | null;
  next: (GenerationFields & { requestedAt: Date }) | null;
  retired: number[];
}

/**
 * A catalog document as first written holds only its generation counter (FerretDB v1 left
 * `$setOnInsert` unapplied on a `findOneAndUpdate` upsert with `$inc`), so absent fields read as empty.
 */
type CatalogDocument = Pick<CatalogState, '_id' | 'lastGeneration'> & Partial<Omit<CatalogState, '_id' | 'lastGeneration'>>;

interface StoredRecord {
  _id: string;
  revision: number;
  /** null once the document was removed; the revision stays to guard against older events. */
  doc: unknown;
  keys: Record<string, string[]>;
  /** First-write order within the generation: the batch's position, then the write's place in it. */
  order: string;
}

/**
 * In each generation beside its documents: retired once a promotion is about to replace the generation.
 * `order` sorts it before every document, so a lookup's limit never leaves it out.
 */
interface GenerationMark {
  _id: typeof MARK_ID;
  retired: boolean;
  order: '';
}

interface LeaseDocument {
  _id: string;
  holder: string;
  until: Date;
}

export class MongoDocumentStore implements DocumentStore {
  private readonly catalog: Collection<CatalogDocument>;
  private readonly leases: Collection<LeaseDocument>;
  /** Each collection's live state as this process last found it; every query checks it (onLive). */
  private readonly liveStates = new Map<string, LiveState | null>();
  /** The catalog read not sent yet, which every query sent meanwhile waits for; null when none is due. */
  private dueCatalogRead: Promise<ReadonlyMap<string, LiveState | null>> | null = null;
  /** Settles when the read of the catalog under way returns; null when none is. */
  private catalogReadUnderWay: Promise<void> | null = null;
  /** Answers of `get` and `find` by what they asked, each good while its collection's state is the same. */
  private readonly keptDocuments = new LRUCache<string, KeptAnswer<StoredDocument<unknown> | null>>({ max: KEPT_DOCUMENTS });
  /** Bounded by the documents they hold: a lookup may find up to a thousand. */
  private readonly keptFinds = new LRUCache<string, KeptAnswer<unknown[]>>({
    maxSize: KEPT_DOCUMENTS,
    sizeCalculation: (kept) => Math.max(1, kept.answer.length),
  });
  /** Lookups asked before (see find), by what they asked. */
  private readonly askedLookups = new LRUCache<string, true>({ max: ASKED_LOOKUPS });
  /** Generations found without a mark (made before marks were), by `collection\0generation`: their lookups go the checked way. */
  private readonly unmarked = new Set<string>();
  /** Per generation, its `get`s of one turn asked together (recordsById). */
  private readonly recordLoaders = new Map<string, DataLoader<string, StoredRecord | null>>();
  /** Per generation, index and limit, its first lookups of one turn asked together (markedLookups). */
  private readonly lookupLoaders = new Map<string, DataLoader<string, unknown[] | null>>();

  private constructor(private readonly db: Db) {
    this.catalog = db.collection<CatalogDocument>('projection_generations');
    this.leases = db.collection<LeaseDocument>('projection_leases');
  }

  static async open(db: Db): Promise<MongoDocumentStore> {
    return new MongoDocumentStore(db);
  }

  async get(collection: string, id: string): Promise<StoredDocument<unknown> | null> {
    return this.onLive(collection, null, { answers: this.keptDocuments, key: `${collection}\0${id}` }, async (_live, generation) => {
      const record = await this.recordsById({ collection, generation }).load(id);
      return record === null || record.doc === null ? null : { id: record._id, revision: record.revision, doc: record.doc };
    });
  }

  /**
   * One query for every id. Nothing it reads is kept, whatever the reading (as no page is): a document `get`
   * kept from the same generation, of the revision found, is served as kept.
   */
  async getMany(collection: string, ids: readonly string[]): Promise<Map<string, StoredDocument<unknown>>> {
    if (ids.length === 0) return new Map();
    return this.onLive(collection, new Map(), null, async (live, generation) => {
      const records = await onMongo(STORE, () => live.find({ _id: { $in: [...ids] }, doc: { $ne: null } }).toArray());
      return new Map(records.map((record) => [record._id, this.keptCopy(collection, generation, record) ?? { id: record._id, revision: record.revision, doc: record.doc }]));
    });
  }

  /** By `_id` greater than `after`: a string bound, so the generation's mark (a number) is never among them. */
  async scan(collection: string, after: string | null, limit: number): Promise<StoredDocument<unknown>[]> {
    return this.onLive(collection, [], null, async (live) => {
      const records = await onMongo(STORE, () => live.find({ _id: { $gt: after ?? '' }, doc: { $ne: null } }).sort({ _id: 1 }).limit(limit).toArray());
      return records.map((record) => ({ id: record._id, revision: record.revision, doc: record.doc }));
    });
  }

  /**
   * A lookup asked for the first time goes by its generation's mark: one command, its answer not kept. Asked
   * again, it goes the checked way, whose answer is kept (onLive): lookups asked once (another customer
   * each time) cost their query alone, lookups asked again and again (a template's milestones) nothing
   * while their collection is not written.
   */
  async find(collection: string, index: string, key: string, limit = 1000): Promise<unknown[]> {
    const asked = `${collection}\0${index}\0${key}\0${limit}`;
    const state = this.liveStates.get(collection);
    const askedBefore = this.askedLookups.has(asked);
    this.askedLookups.set(asked, true);
    if (state && !askedBefore && !this.unmarked.has(`${collection}\0${state.generation}`)) {
      const marked = await this.findMarked({ collection, generation: state.generation }, index, key, limit);
      if (marked !== null) return marked;
    }
    return this.onLive(collection, [], { answers: this.keptFinds, key: asked }, async (live) => {
      const records = await onMongo(STORE, () =>
        live
          .find({ [`keys.${index}`]: key, doc: { $ne: null } })
          .sort({ order: 1 })
          .limit(limit)
          .toArray(),
      );
      return records.map((record) => record.doc);
    });
  }

  /**
   * The lookup's documents and, in the same `find`, the generation's mark: found live, the generation was
   * live while the query ran, after this call began, so it holds every write acknowledged before (as with
   * the catalog's read in onLive). Null when the mark says retired, or is missing (a generation dropped, or
   * made before marks were): the caller asks the checked way.
   */
  private findMarked(target: GenerationRef, index: string, key: string, limit: number): Promise<unknown[] | null> {
    const name = `${target.collection}\0${target.generation}\0${index}\0${limit}`;
    return loaderFor(this.lookupLoaders, name, (keys) => this.markedLookups(target, index, keys, limit)).load(key);
  }

  /**
   * Lookups of one index by several keys in one `find`, each key's documents in order. A batch that came
   * back full may have left some out: its keys are then asked one at a time.
   */
  private async markedLookups(target: GenerationRef, index: string, keys: readonly string[], limit: number): Promise<(unknown[] | null)[]> {
    const batchLimit = limit * keys.length;
    const found = await onMongo(STORE, () =>
      this.markedRecords(target)
        .find({ $or: [{ _id: MARK_ID }, { [`keys.${index}`]: anyOf(keys), doc: { $ne: null } }] })
        .sort({ order: 1 })
        .limit(batchLimit + 1)
        .toArray(),
    );
    let retired: boolean | null = null;
    const docsByKey = new Map<string, unknown[]>(keys.map((key) => [key, []]));
    let count = 0;
    for (const record of found) {
      if ('retired' in record) {
        retired = record.retired;
        continue;
      }
      count += 1;
      for (const key of record.keys[index] ?? []) docsByKey.get(key)?.push(record.doc);
    }
    if (retired === null) this.unmarked.add(`${target.collection}\0${target.generation}`);
    if (retired !== false) return keys.map(() => null);
    if (count === batchLimit && keys.length > 1) return Promise.all(keys.map((key) => this.markedLookups(target, index, [key], limit).then(([docs]) => docs ?? null)));
    return keys.map((key) => docsByKey.get(key)?.slice(0, limit) ?? []);
  }

  /** One `find` for the `get`s of a generation's documents made in the same turn. */
  private recordsById(target: GenerationRef): DataLoader<string, StoredRecord | null> {
    return loaderFor(this.recordLoaders, `${target.collection}\0${target.generation}`, async (ids) => {
      const found = await onMongo(STORE, () => this.records(target).find({ _id: anyOf(ids) }).toArray());
      const byId = new Map(found.map((record) => [record._id, record]));
      return ids.map((id) => byId.get(id) ?? null);
    });
  }

  async findPage(collection: string, index: string, lookupKey: LookupKey, after: string | null, limit: number, order: PageOrder = 'oldest-first'): Promise<DocumentPage> {
    // Words are kept as the keys of their beginnings (keysOf).
    const key = keyTextOf(lookupKey);
    const place = after === null ? null : placeOf(after, order);
    // Newest first walks the same index (`keys.<index>`, `order`) backwards: still a seek, not a sort.
    const [beyond, direction] = order === 'newest-first' ? (['$lt', -1] as const) : (['$gt', 1] as const);
    const records = await this.onLive(collection, [], null, (live) =>
      onMongo(STORE, () =>
        live
          .find({ [`keys.${index}`]: key, doc: { $ne: null }, ...(place === null ? {} : { order: { [beyond]: place } }) })
          .sort({ order: direction })
          .limit(limit + 1)
          .toArray(),
      ),
    );
    const page = records.slice(0, limit);
    const last = page.at(-1);
    return { docs: page.map((record) => record.doc), next: records.length > limit && last !== undefined ? cursorAt(last.order, order) : null };
  }

  async count(collection: string, index: string, key: LookupKey, limit?: number): Promise<number> {
    return this.onLive(collection, 0, null, (live) => onMongo(STORE, () => live.countDocuments({ [`keys.${index}`]: keyTextOf(key) }, limit === undefined ? {} : { limit })));
  }

  async collections(): Promise<CollectionState[]> {
    const documents = await onMongo(STORE, () => this.catalog.find({}).sort({ _id: 1 }).toArray());
    return documents
      .map(withDefaults)
      .filter((document) => document.live !== null || document.next !== null)
      .map(({ _id, live, next, retired }) => {
        this.liveStates.set(_id, liveStateOf(live));
        return {
          collection: _id,
          live: live === null ? null : generationOf(live),
          next: next === null ? null : { ...generationOf(next), requestedAt: next.requestedAt.toISOString() },
          retired,
        };
      });
  }

  async createGeneration(shape: CollectionShape, as: 'live' | 'next', requestedAt: Date): Promise<Generation> {
    requireSafeName(shape.collection);
    // A number of its own first, then the generation's collection with its indexes, and only then its place in the catalog.
    const allocated = await onMongo(STORE, () =>
      this.catalog.findOneAndUpdate(
        { _id: shape.collection },
        { $inc: { lastGeneration: 1 } },
        { upsert: true, returnDocument: 'after' },
      ),
    );
    if (allocated === null) throw new Error(`Could not allocate a generation of ${shape.collection}`);
    const generation = allocated.lastGeneration;
    const target = { collection: shape.collection, generation };
    // Each key's documents in first-write order: `find` and a page of `findPage` are a seek, not a sort.
    await onMongo(STORE, () =>
      this.records(target).createIndexes([{ key: { order: 1 } }, ...shape.indexes.map((index) => ({ key: { [`keys.${index}`]: 1, order: 1 } }))]),
    );
    await onMongo(STORE, () => this.markedRecords(target).insertOne({ _id: MARK_ID, retired: false, order: '' }));
    const fields: GenerationFields = { generation, version: shape.version, checkpoint: null };
    const placed = await onMongo(STORE, () =>
      this.catalog.updateOne({ _id: shape.collection, [as]: null }, { $set: { [as]: as === 'next' ? { ...fields, requestedAt } : fields } }),
    );
    if (placed.matchedCount === 0) {
      await onMongo(STORE, () => this.records(target).drop());
      throw new GenerationConflictError(shape.collection, as);
    }
    return { generation, version: shape.version, checkpoint: null };
  }

  async load(target: GenerationRef, ids: readonly string[]): Promise<Map<string, StoredDocument<unknown>>> {
    if (ids.length === 0) return new Map();
    const records = await onMongo(STORE, () => this.records(target).find({ _id: { $in: [...ids] } }).toArray());
    return new Map(records.map((record) => [record._id, { id: record._id, revision: record.revision, doc: record.doc }]));
  }

  async commit(batch: readonly GenerationWrites[], position: Position): Promise<void> {
    for (const { target, writes } of batch) {
      if (writes.length > 0) await this.write(target, writes, position);
    }
    // `written` moves with the checkpoint, in the same update, only where documents were written (onLive keeps answers by it).
    const checkpoints: AnyBulkWriteOperation<CatalogDocument>[] = batch.flatMap(({ target, writes }) =>
      (['live', 'next'] as const).map((role) => ({
        updateOne: {
          filter: { _id: target.collection, [`${role}.generation`]: target.generation },
          update: { $set: { [`${role}.checkpoint`]: position, ...(writes.length > 0 ? { [`${role}.written`]: position } : {}) } },
        },
      })),
    );
    if (checkpoints.length > 0) await onMongo(STORE, () => this.catalog.bulkWrite(checkpoints, { ordered: false }));
  }

  async promote(collection: string, generation: number): Promise<void> {
    const found = await onMongo(STORE, () => this.catalog.findOne({ _id: collection }));
    const { live, next } = found === null ? { live: null, next: null } : withDefaults(found);
    if (next === null || next.generation !== generation) throw new Error(`Generation ${generation} of ${collection} is not the next one`);
    // Before the swap: a lookup that finds the mark live ran before it. Should the swap fail, the mark stays
    // retired and lookups of that generation go the checked way, which the catalog answers.
    if (live !== null) {
      const replaced = { collection, generation: live.generation };
      await onMongo(STORE, () => this.markedRecords(replaced).updateOne({ _id: MARK_ID }, { $set: { retired: true, order: '' } }, { upsert: true }));
    }
    // Guarded by what was read: a single-document update, so the swap is atomic.
    const swapped = await onMongo(STORE, () =>
      this.catalog.updateOne(
        { _id: collection, 'next.generation': generation, 'live.generation': live?.generation ?? null },
        {
          // `written` is left behind: a generation live anew is a state no answer was kept for.
          $set: { live: { generation: next.generation, version: next.version, checkpoint: next.checkpoint }, next: null },
          ...(live === null ? {} : { $push: { retired: live.generation } }),
        },
      ),
    );
    if (swapped.matchedCount === 0) throw new Error(`Generation ${generation} of ${collection} changed while being promoted`);
    this.liveStates.set(collection, { generation, written: null });
  }

  async drop(target: GenerationRef): Promise<void> {
    await onMongo(STORE, () => this.records(target).drop().catch((error: unknown) => (isMissingNamespace(error) ? false : Promise.reject(error))));
    await onMongo(STORE, () =>
      this.catalog.bulkWrite(
        [
          { updateOne: { filter: { _id: target.collection }, update: { $pull: { retired: target.generation } } } },
          { updateOne: { filter: { _id: target.collection, 'next.generation': target.generation }, update: { $set: { next: null } } } },
        ],
        { ordered: true },
      ),
    );
  }

  async acquireLease(name: string, holder: string, now: Date, ttlMs: number, isStale: (holder: string) => boolean): Promise<boolean> {
    const until = new Date(now.getTime() + ttlMs);
    try {
      await onMongo(STORE, () => this.leases.updateOne({ _id: name, $or: [{ holder }, { until: { $lte: now } }] }, { $set: { holder, until } }, { upsert: true }));
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    // Another holder's lease runs; it is taken over only when that holder is known to be gone.
    const current = await onMongo(STORE, () => this.leases.findOne({ _id: name }));
    if (current === null || !isStale(current.holder)) return false;
    const taken = await onMongo(STORE, () => this.leases.updateOne({ _id: name, holder: current.holder, until: current.until }, { $set: { holder, until } }));
    return taken.matchedCount === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await onMongo(STORE, () => this.leases.deleteOne({ _id: name, holder }));
  }

  async leaseHolder(name: string): Promise<{ holder: string; until: Date } | null> {
    const lease = await onMongo(STORE, () => this.leases.findOne({ _id: name }));
    return lease === null ? null : { holder: lease.holder, until: lease.until };
  }

  async close(): Promise<void> {
    this.liveStates.clear();
    this.keptDocuments.clear();
    this.keptFinds.clear();
    this.askedLookups.clear();
    this.unmarked.clear();
    this.recordLoaders.clear();
    this.lookupLoaders.clear();
  }

  /** The answer `get` kept of this record's document, when it was kept from the same generation at the same revision. */
  private keptCopy(collection: string, generation: number, record: StoredRecord): StoredDocument<unknown> | undefined {
    const kept = this.keptDocuments.peek(`${collection}\0${record._id}`);
    return kept !== undefined && kept.answer !== null && kept.state.generation === generation && kept.answer.revision === record.revision ? kept.answer : undefined;
  }

  private records(target: GenerationRef): Collection<StoredRecord> {
    requireSafeName(target.collection);
    return this.db.collection<StoredRecord>(`${target.collection}_g${target.generation}`);
  }

  /** A generation's collection as holding its mark beside its documents. */
  private markedRecords(target: GenerationRef): Collection<StoredRecord | GenerationMark> {
    requireSafeName(target.collection);
    return this.db.collection<StoredRecord | GenerationMark>(`${target.collection}_g${target.generation}`);
  }

  /**
   * Runs `query` on the collection's live generation as this process last found it, with a read of the
   * catalog sent after it. When the catalog names the same generation, the result stands: a generation live
   * after this call began was live when any write its caller saw acknowledged was, or was promoted after
   * with everything up to it. When it names another, that one is asked the same way. A collection this
   * process has not found live yet is looked up first. `none` is the answer while the collection has no
   * live generation.
   *
   * With `keep`, the answer is kept when the read before the query (completed before it was sent) and the
   * read after it find the collection in the same state, and served again while a read sent after a later
   * call still finds it so: every write acknowledged before that call was in that generation with its
   * `written` moved before the first read, since `written` moves after a batch's documents are written,
   * never back while the generation stays live, and before the batch's checkpoint lets anyone acknowledge it.
   */
  private async onLive<Result>(
    collection: string,
    none: Result,
    keep: KeptBy<Result> | null,
    query: (live: Collection<StoredRecord>, generation: number) => Promise<Result>,
  ): Promise<Result> {
    const kept = keep?.answers.get(keep.key);
    // Only worth a wait for the catalog alone while the last read found the collection as the answer was kept.
    if (kept !== undefined && sameState(kept.state, this.liveStates.get(collection)) && sameState(kept.state, await this.liveState(collection))) {
      return kept.answer;
    }
    let state = this.liveStates.get(collection) ?? (await this.liveState(collection));
    for (let switches = 0; state !== null; switches += 1) {
      const before = state;
      const [result, current] = await Promise.all([query(this.records({ collection, generation: before.generation }), before.generation), this.liveState(collection)]);
      if (current?.generation === before.generation || switches === MAX_GENERATION_SWITCHES) {
        if (keep !== null && sameState(before, current)) keep.answers.set(keep.key, { state: before, answer: deepFreeze(result) });
        return result;
      }
      state = current;
    }
    return none;
  }

  /**
   * The collection's live state as the catalog says in a read sent after this call, shared with every other
   * query made before it is sent; remembered for the queries that follow. One read is under way at a time:
   * the next is sent once it returns (or the next turn of the event loop when none is), so calls that come
   * while a read is out share one, however many requests a second a process serves.
   */
  private async liveState(collection: string): Promise<LiveState | null> {
    this.dueCatalogRead ??= (this.catalogReadUnderWay ?? new Promise<void>((resolve) => setImmediate(resolve))).then(() => {
      // Queries made from here on wait for a read sent after them.
      this.dueCatalogRead = null;
      const read = this.readLiveStates();
      const underWay = read.then(
        () => undefined,
        () => undefined,
      );
      this.catalogReadUnderWay = underWay;
      void underWay.then(() => {
        if (this.catalogReadUnderWay === underWay) this.catalogReadUnderWay = null;
      });
      return read;
    });
    return (await this.dueCatalogRead).get(collection) ?? null;
  }

  /** Every collection's live state, read from the catalog now and remembered. */
  private async readLiveStates(): Promise<ReadonlyMap<string, LiveState | null>> {
    const documents = await onMongo(STORE, () => this.catalog.find({}, { projection: { live: 1 } }).toArray());
    const states = new Map(documents.map((document) => [document._id, liveStateOf(document.live ?? null)]));
    for (const [collection, state] of states) this.liveStates.set(collection, state);
    return states;
  }

  /**
   * New documents are inserted: no lookup, where an update must find its document first (FerretDB scans
   * the whole collection for it). The others, and a new one some other writer stored meanwhile (its
   * insert meets the unique _id), get revision-guarded upserts: a write no newer than the stored
   * document misses its filter, and its insert meets the unique _id (a duplicate key error, which is
   * skipped).
   */
  private async write(target: GenerationRef, writes: readonly DocumentWrite[], position: Position): Promise<void> {
    const records = this.records(target);
    const ordered = writes.map((write, index) => ({ write, order: `${sortablePosition(position)}:${String(index).padStart(6, '0')}` }));
    const fresh = ordered.filter(({ write }) => write.isNew);
    const inserts: AnyBulkWriteOperation<StoredRecord>[] = fresh.map(({ write, order }) => ({
      insertOne: { document: { _id: write.id, revision: write.revision, doc: write.doc, keys: keysOf(write), order } },
    }));
    const taken = new Set((await bulkPastDuplicates(records, inserts)).map((index) => fresh[index]?.write.id));
    const guarded = ordered.filter(({ write }) => !write.isNew || taken.has(write.id));
    const upserts: AnyBulkWriteOperation<StoredRecord>[] = guarded.map(({ write, order }) => ({
      updateOne: {
        filter: { _id: write.id, revision: { $lt: write.revision } },
        update: { $set: { revision: write.revision, doc: write.doc, keys: keysOf(write) }, $setOnInsert: { order } },
        upsert: true,
      },
    }));
    await bulkPastDuplicates(records, upserts);
  }
}

/**
 * Runs an ordered bulk, resuming after each operation refused for a duplicate key (FerretDB stops even
 * an unordered bulk at its first error); returns the indexes of the refused ones.
 */
async function bulkPastDuplicates(records: Collection<StoredRecord>, operations: AnyBulkWriteOperation<StoredRecord>[]): Promise<number[]> {
  const refused: number[] = [];
  for (let start = 0; start < operations.length; ) {
    try {
      await onMongo(STORE, () => records.bulkWrite(operations.slice(start), { ordered: true }));
      break;
    } catch (error) {
      start += guardMissAt(error);
      refused.push(start);
      start += 1;
    }
  }
  return refused;
}

function keysOf(write: DocumentWrite): Record<string, string[]> {
  return write.doc === null ? {} : keysWithWords(write.keys, write.words);
}

/** Where an ordered bulk stopped on a duplicate key (a guard miss, or an insert of a stored document); any other error is thrown on. */
function guardMissAt(error: unknown): number {
  if (!(error instanceof MongoBulkWriteError)) throw error;
  const [failure] = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  if (failure?.code !== 11000) throw error;
  return failure.index;
}

/** The loader kept under `name`, made on first use; its own cache off, as answers are kept by onLive. */
function loaderFor<Value>(loaders: Map<string, DataLoader<string, Value>>, name: string, batch: DataLoader.BatchLoadFn<string, Value>): DataLoader<string, Value> {
  let loader = loaders.get(name);
  if (loader === undefined) {
    loader = new DataLoader(batch, { cache: false, maxBatchSize: BATCH_MAX });
    loaders.set(name, loader);
  }
  return loader;
}

/** A filter value matching any of `values`: a plain equality for one, which FerretDB v1 pushes down to its backend where it does not `$in`. */
function anyOf(values: readonly string[]): string | { $in: string[] } {
  const [only, ...others] = values;
  return only !== undefined && others.length === 0 ? only : { $in: [...values] };
}

function liveStateOf(live: GenerationFields | null): LiveState | null {
  return live === null ? null : { generation: live.generation, written: live.written ?? null };
}

function sameState(kept: LiveState, found: LiveState | null | undefined): boolean {
  return found !== null && found !== undefined && found.generation === kept.generation && found.written === kept.written;
}

function withDefaults(document: CatalogDocument): CatalogState {
  return { ...document, live: document.live ?? null, next: document.next ?? null, retired: document.retired ?? [] };
}

function generationOf(fields: GenerationFields): Generation {
  return { generation: fields.generation, version: fields.version, checkpoint: fields.checkpoint === null ? null : positionFrom(fields.checkpoint) };
}

function requireSafeName(collection: string): void {
  if (!COLLECTION_NAME.test(collection)) throw new RangeError(`Collection name '${collection}' is not a safe collection name`);
}

/** Dropping a collection that does not exist (NamespaceNotFound) is no error for us. */
function isMissingNamespace(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 26;
}

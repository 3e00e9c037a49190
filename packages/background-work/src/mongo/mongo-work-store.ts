/**
 * The work store of the distributed profile, shared by every runner: items in `work_items`, and one lease
 * document per leased group in `work_group_leases`. There are no transactions (DESIGN §7): an item of no
 * group is claimed by one guarded single-document update that exactly one runner can win; an item of a
 * group only under its group's lease, taken first with one guarded upsert, so that while it runs no other
 * runner can claim, and so change, any item of that group.
 */
import { isDuplicateKey, onMongo } from '@passes/storage/distributed';
import { MongoBulkWriteError, type Collection, type Db, type Filter } from 'mongodb';
import { WORK_STATUSES, type Attempt, type HeldItem, type KindBacklog, type NewWork, type WorkItem, type WorkLease, type WorkQuery, type WorkStatus, type WorkStore } from '../work-store';

const STORE = 'work store';
const SETTLED: WorkStatus[] = WORK_STATUSES.filter((status) => status !== 'pending');
const IN_ORDER = { order: 1, _id: 1 } as const;

interface WorkDocument {
  /** The item's id. */
  _id: string;
  kind: string;
  group: string | null;
  order: string;
  /** Checked by the kind's schema when claimed. */
  payload: unknown;
  /** A WorkStatus, checked when read. */
  status: string;
  attempts: number;
  dueAt: Date | null;
  leasedBy: string | null;
  leasedUntil: Date | null;
  lastAttemptAt: Date | null;
  lastCode: number | null;
  lastError: string | null;
  createdAt: Date;
}

interface GroupLeaseDocument {
  /** `groupLeaseId(kind, group)`. */
  _id: string;
  kind: string;
  holder: string;
  until: Date;
}

export class MongoWorkStore implements WorkStore {
  private constructor(
    private readonly items: Collection<WorkDocument>,
    private readonly groupLeases: Collection<GroupLeaseDocument>,
  ) {}

  static async open(db: Db): Promise<MongoWorkStore> {
    const items = db.collection<WorkDocument>('work_items');
    const groupLeases = db.collection<GroupLeaseDocument>('work_group_leases');
    // One index per call: FerretDB v1 drops the connection when one createIndexes finds several already there.
    // Due items of a kind in order; a group's items in order (its due ones, its log); a kind's log; the backlog;
    // settled items by when they were last attempted or recorded.
    await onMongo(STORE, () => items.createIndex({ kind: 1, status: 1, ...IN_ORDER }));
    await onMongo(STORE, () => items.createIndex({ kind: 1, group: 1, status: 1, ...IN_ORDER }));
    await onMongo(STORE, () => items.createIndex({ kind: 1, group: 1, ...IN_ORDER }));
    await onMongo(STORE, () => items.createIndex({ kind: 1, ...IN_ORDER }));
    await onMongo(STORE, () => items.createIndex({ status: 1, lastAttemptAt: 1, createdAt: 1 }));
    await onMongo(STORE, () => groupLeases.createIndex({ kind: 1, until: 1 }));
    return new MongoWorkStore(items, groupLeases);
  }

  async record(items: readonly NewWork[]): Promise<void> {
    await this.insert(items.map(newDocument));
  }

  async adopt(items: readonly WorkItem[]): Promise<void> {
    await this.insert(items.map((item) => ({ ...toDocumentFields(item), leasedBy: null, leasedUntil: null })));
  }

  /**
   * Looks for due items in order, skipping groups leased or tried already, and claims each: an item of no
   * group by a guarded update, a group by its lease and then its first due item. One taken by another
   * runner in between is passed over and the search goes on, until `limit` are claimed or none is left.
   */
  async claimDue(kind: string, { holder, now, ttlMs }: WorkLease, limit: number): Promise<WorkItem[]> {
    const until = new Date(now.getTime() + ttlMs);
    const passedGroups = new Set(await this.leasedGroups(kind, now));
    const tried: string[] = [];
    const claimed: WorkDocument[] = [];
    while (claimed.length < limit) {
      const filter: Filter<WorkDocument> = { ...dueAt(kind, now), _id: { $nin: tried }, group: { $nin: [...passedGroups] } };
      const candidates = await onMongo(STORE, () => this.items.find(filter, { sort: IN_ORDER, limit: limit - claimed.length }).toArray());
      if (candidates.length === 0) break;
      const attempts: Array<Promise<WorkDocument | null>> = [];
      for (const candidate of candidates) {
        tried.push(candidate._id);
        if (candidate.group === null) attempts.push(this.claimAlone(candidate, holder, now, until));
        else if (!passedGroups.has(candidate.group)) {
          passedGroups.add(candidate.group);
          attempts.push(this.claimInGroup(kind, candidate.group, holder, now, until));
        }
      }
      claimed.push(...(await Promise.all(attempts)).filter((item) => item !== null));
    }
    return claimed.sort(inOrder).slice(0, limit).map(toItem);
  }

  async release(id: string, holder: string): Promise<void> {
    const item = await onMongo(STORE, () => this.items.findOne({ _id: id, leasedBy: holder }));
    if (item === null) return;
    await onMongo(STORE, () => this.items.updateOne({ _id: id, leasedBy: holder }, { $set: { leasedBy: null, leasedUntil: null } }));
    await this.releaseGroup(item);
  }

  async complete(id: string, attempt: Attempt): Promise<void> {
    await this.settle(id, attempt, 'done', null);
  }

  async fail(id: string, attempt: Attempt, retryAt: Date | null): Promise<void> {
    await this.settle(id, attempt, retryAt === null ? 'dead' : 'pending', retryAt);
  }

  async held(): Promise<HeldItem[]> {
    const documents = await onMongo(STORE, () => this.items.find({ leasedUntil: { $ne: null }, leasedBy: { $ne: null } }, { projection: { _id: 1, kind: 1, leasedBy: 1, leasedUntil: 1, attempts: 1 } }).toArray());
    return documents.flatMap(({ _id, kind, leasedBy, leasedUntil, attempts }) => (leasedBy === null || leasedUntil === null ? [] : [{ id: _id, kind, holder: leasedBy, until: leasedUntil, attempts }]));
  }

  async failLeft(id: string, holder: string, attempt: Attempt, retryAt: Date | null): Promise<void> {
    await this.settle(id, attempt, retryAt === null ? 'dead' : 'pending', retryAt, { leasedBy: holder, status: 'pending' });
  }

  async cancel(id: string): Promise<void> {
    const item = await onMongo(STORE, () => this.items.findOne({ _id: id, status: 'pending' }));
    if (item === null) return;
    await onMongo(STORE, () => this.items.updateOne({ _id: id, status: 'pending' }, { $set: { status: 'cancelled', dueAt: null, leasedBy: null, leasedUntil: null } }));
    await this.releaseGroup(item);
  }

  async reschedule(id: string, at: Date): Promise<void> {
    await onMongo(STORE, () => this.items.updateOne({ _id: id }, { $set: { status: 'pending', dueAt: at } }));
  }

  async get(id: string): Promise<WorkItem | null> {
    const document = await onMongo(STORE, () => this.items.findOne({ _id: id }));
    return document === null ? null : toItem(document);
  }

  async list({ kind, group, status, limit }: WorkQuery): Promise<WorkItem[]> {
    // A find's limit of 0 would mean no limit at all.
    if (limit <= 0) return [];
    const filter: Filter<WorkDocument> = { kind, ...(group === undefined ? {} : { group }), ...(status === undefined ? {} : { status }) };
    const documents = await onMongo(STORE, () => this.items.find(filter, { sort: { order: -1, _id: -1 }, limit }).toArray());
    return documents.map(toItem);
  }

  /** Counted kind by kind: FerretDB v1's `$group` has no `$min`. */
  async backlog(): Promise<KindBacklog[]> {
    const kinds = await onMongo(STORE, () => this.items.distinct('kind', { status: 'pending' }));
    return Promise.all(
      kinds.map(async (kind) => {
        const pending = await onMongo(STORE, () => this.items.countDocuments({ kind, status: 'pending' }));
        const oldest = await onMongo(STORE, () => this.items.find({ kind, status: 'pending' }, { sort: { dueAt: 1 }, limit: 1, projection: { dueAt: 1 } }).toArray());
        return { kind, pending, oldestDueAt: oldest[0]?.dueAt ?? null };
      }),
    );
  }

  /** Found, then removed by id under the same filter, so that an item made pending again in between stays. */
  async removeSettled(before: Date, limit: number): Promise<number> {
    if (limit <= 0) return 0;
    const filter: Filter<WorkDocument> = {
      status: { $in: SETTLED },
      $or: [{ lastAttemptAt: { $lt: before } }, { lastAttemptAt: null, createdAt: { $lt: before } }],
    };
    const found = await onMongo(STORE, () => this.items.find(filter, { projection: { _id: 1 }, limit }).toArray());
    if (found.length === 0) return 0;
    const removed = await onMongo(STORE, () => this.items.deleteMany({ ...filter, _id: { $in: found.map((item) => item._id) } }));
    return removed.deletedCount;
  }

  /** The connection belongs to whoever opened it. */
  async close(): Promise<void> {}

  /** Unordered, so that every new item is inserted even when some of the batch were recorded before. */
  private async insert(documents: readonly WorkDocument[]): Promise<void> {
    if (documents.length === 0) return;
    try {
      await onMongo(STORE, () => this.items.insertMany([...documents], { ordered: false }));
    } catch (error) {
      if (!refusedOnlyAsDuplicates(error)) throw error;
    }
  }

  /** `only`: what the item must still be for the attempt to count (its holder's, pending). */
  private async settle(id: string, attempt: Attempt, status: WorkStatus, dueAt: Date | null, only: Filter<WorkDocument> = {}): Promise<void> {
    const filter: Filter<WorkDocument> = { ...only, _id: id };
    const item = await onMongo(STORE, () => this.items.findOne(filter));
    if (item === null) return;
    const settled = await onMongo(STORE, () =>
      this.items.updateOne(
        filter,
        { $set: { status, dueAt, lastAttemptAt: attempt.at, lastCode: attempt.code, lastError: attempt.error, leasedBy: null, leasedUntil: null }, $inc: { attempts: 1 } },
      ),
    );
    if (settled.matchedCount === 1) await this.releaseGroup(item);
  }

  /** Ends the lease on the item's group that its holder took to claim it. */
  private async releaseGroup(item: WorkDocument): Promise<void> {
    if (item.group === null || item.leasedBy === null) return;
    const { kind, group, leasedBy } = item;
    await onMongo(STORE, () => this.groupLeases.deleteOne({ _id: groupLeaseId(kind, group), holder: leasedBy }));
  }

  private async leasedGroups(kind: string, now: Date): Promise<string[]> {
    const running = await onMongo(STORE, () => this.groupLeases.find({ kind, until: { $gt: now } }).toArray());
    return running.map((lease) => lease._id.slice(kind.length + 1));
  }

  private async claimAlone(candidate: WorkDocument, holder: string, now: Date, until: Date): Promise<WorkDocument | null> {
    const taken = await onMongo(STORE, () => this.items.updateOne({ ...dueAt(candidate.kind, now), _id: candidate._id }, { $set: { leasedBy: holder, leasedUntil: until } }));
    return taken.matchedCount === 1 ? { ...candidate, leasedBy: holder, leasedUntil: until } : null;
  }

  /**
   * The group's first due item, read under the group's lease just taken, or null when another runner
   * holds the lease (it took it since the item was found) or nothing is due any more (another runner did
   * it in between); then the lease just taken is given back.
   */
  private async claimInGroup(kind: string, group: string, holder: string, now: Date, until: Date): Promise<WorkDocument | null> {
    if (!(await this.leaseGroup(kind, group, holder, now, until))) return null;
    const first = await onMongo(STORE, () => this.items.findOne({ kind, group, status: 'pending', dueAt: { $lte: now } }, { sort: IN_ORDER }));
    if (first === null) {
      await onMongo(STORE, () => this.groupLeases.deleteOne({ _id: groupLeaseId(kind, group), holder, until }));
      return null;
    }
    await onMongo(STORE, () => this.items.updateOne({ _id: first._id }, { $set: { leasedBy: holder, leasedUntil: until } }));
    return { ...first, leasedBy: holder, leasedUntil: until };
  }

  /**
   * Takes the group's lease unless one runs: the filter matches no lease or one that has run out; a
   * running lease misses it, and the upsert's insert then meets the unique `_id` (duplicate key).
   */
  private async leaseGroup(kind: string, group: string, holder: string, now: Date, until: Date): Promise<boolean> {
    try {
      await onMongo(STORE, () => this.groupLeases.updateOne({ _id: groupLeaseId(kind, group), until: { $lte: now } }, { $set: { kind, holder, until } }, { upsert: true }));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}

function groupLeaseId(kind: string, group: string): string {
  return `${kind}/${group}`;
}

/** Pending, due, and no running lease of its own (a group's lease is checked apart). */
function dueAt(kind: string, now: Date): Filter<WorkDocument> {
  return { kind, status: 'pending', dueAt: { $lte: now }, $or: [{ leasedUntil: null }, { leasedUntil: { $lte: now } }] };
}

function inOrder(a: WorkDocument, b: WorkDocument): number {
  return compareText(a.order, b.order) || compareText(a._id, b._id);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A batch refused only because some of its items were recorded before: the others are in. */
function refusedOnlyAsDuplicates(error: unknown): boolean {
  if (!(error instanceof MongoBulkWriteError) || error.result.getWriteConcernError() !== undefined) return false;
  const refusals = error.result.getWriteErrors();
  return refusals.length > 0 && refusals.every((refusal) => refusal.code === 11000);
}

function newDocument(item: NewWork): WorkDocument {
  return {
    _id: item.id,
    kind: item.kind,
    group: item.group,
    order: item.order,
    payload: item.payload,
    status: 'pending',
    attempts: 0,
    dueAt: item.dueAt,
    leasedBy: null,
    leasedUntil: null,
    lastAttemptAt: null,
    lastCode: null,
    lastError: null,
    createdAt: item.createdAt,
  };
}

function toDocumentFields(item: WorkItem): Omit<WorkDocument, 'leasedBy' | 'leasedUntil'> {
  const { id, ...fields } = item;
  return { _id: id, ...fields };
}

function toItem(document: WorkDocument): WorkItem {
  const status = WORK_STATUSES.find((candidate) => candidate === document.status);
  if (status === undefined) throw new Error(`Work item ${document._id} has an unknown status '${document.status}'`);
  return {
    id: document._id,
    kind: document.kind,
    group: document.group,
    order: document.order,
    payload: document.payload,
    status,
    attempts: document.attempts,
    dueAt: document.dueAt,
    lastAttemptAt: document.lastAttemptAt,
    lastCode: document.lastCode,
    lastError: document.lastError,
    createdAt: document.createdAt,
  };
}

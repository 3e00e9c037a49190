/**
 * Idempotency-Key records of the distributed profile, shared by every API process: one document per
 * (scope, key) in `idempotency_keys`. Without transactions, a claim is decided by single-document
 * writes guarded by what they expect to find, with a unique index so two first claims cannot both
 * insert; the outcomes are those of the SQLite adapter.
 *
 * A running claim names the process that holds it (`owner`), and each process holds a lease in
 * `idempotency_owners`, renewed while it runs and deleted when it closes: a claim whose owner's lease has
 * run out, or is gone, belongs to a process that died mid-request and is taken over.
 */
import { randomUUID } from 'node:crypto';
import { isDuplicateKey, onMongo } from '@passes/storage/distributed';
import type { Collection, Db } from 'mongodb';
import type {
  IdempotencyClaim,
  IdempotencyRequest,
  IdempotencyStore,
  IdempotencyTimings,
  StoredResponse,
} from '../idempotency/idempotency-store';

const STORE = 'idempotency store';
/**
 * A claim reads, then writes guarded by what it read; each retry means another request changed the
 * key in between. One that keeps being overtaken is answered as the request still running.
 */
const CLAIM_ROUNDS = 3;
/** A lease is renewed once a third of it has passed: two renewals may fail before it runs out. */
const RENEW_AFTER_SHARE = 1 / 3;

interface KeyDocument {
  scope: string;
  key: string;
  fingerprint: string;
  /** When the key was first claimed: its time to live counts from here. */
  createdAt: Date;
  /** When the running request claimed it: a takeover is guarded by it. */
  claimedAt: Date;
  /** The process whose request holds the claim while it runs. */
  owner: string;
  /** null while the request runs. */
  response: StoredResponse | null;
}

/** A process's lease: its claims are its own until `aliveUntil`. */
interface OwnerDocument {
  _id: string;
  aliveUntil: Date;
}

export class MongoIdempotencyStore implements IdempotencyStore {
  /** This process. */
  private readonly owner = randomUUID();
  /** The lease last asked for, from the first claim on; renewals wait on the write that records it. */
  private lease: { until: number; recorded: Promise<void> } | null = null;
  private renewals: NodeJS.Timeout | null = null;

  private constructor(
    private readonly keys: Collection<KeyDocument>,
    private readonly owners: Collection<OwnerDocument>,
    private readonly timings: IdempotencyTimings,
    private readonly now: () => Date,
  ) {}

  /** `now`: the clock a process renews its lease by while no request claims anything. */
  static async open(db: Db, timings: IdempotencyTimings, now: () => Date): Promise<MongoIdempotencyStore> {
    const keys = db.collection<KeyDocument>('idempotency_keys');
    // One index per call: FerretDB v1 drops the connection when one createIndexes finds several already there.
    await onMongo(STORE, () => keys.createIndex({ scope: 1, key: 1 }, { unique: true }));
    await onMongo(STORE, () => keys.createIndex({ createdAt: 1 }));
    return new MongoIdempotencyStore(keys, db.collection<OwnerDocument>('idempotency_owners'), timings, now);
  }

  async claim(request: IdempotencyRequest): Promise<IdempotencyClaim> {
    const { scope, key, fingerprint, now } = request;
    // Recorded before the claim: another process must never find a claim of ours without our lease.
    await this.renewLease(now);
    for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
      if (await this.claimUnlessRemembered(request)) return { outcome: 'claimed' };
      const record = await onMongo(STORE, () => this.keys.findOne({ scope, key }));
      // Released or purged since the claim above missed it: claim again.
      if (record === null) continue;
      if (record.fingerprint !== fingerprint) return { outcome: 'mismatch' };
      if (record.response !== null) return { outcome: 'replay', response: { status: record.response.status, body: record.response.body } };
      if (record.owner === this.owner || (await this.isAlive(record.owner, now))) return { outcome: 'in_progress' };
      if (await this.takeOver(request, record)) return { outcome: 'claimed' };
    }
    return { outcome: 'in_progress' };
  }

  async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
    await onMongo(STORE, () => this.keys.updateOne({ scope, key }, { $set: { response: { status: response.status, body: response.body } } }));
  }

  async release(scope: string, key: string): Promise<void> {
    await onMongo(STORE, () => this.keys.deleteOne({ scope, key, response: null }));
  }

  /** Also forgets the leases that have run out: a missing lease says the same. */
  async purge(now: Date): Promise<number> {
    const purged = await onMongo(STORE, () => this.keys.deleteMany({ createdAt: { $lte: this.expiredAt(now) } }));
    await onMongo(STORE, () => this.owners.deleteMany({ aliveUntil: { $lte: now } }));
    return purged.deletedCount;
  }

  /** Gives up the lease, so that what this process leaves running is taken over at once; the connection belongs to whoever opened it. */
  async close(): Promise<void> {
    if (this.renewals !== null) clearInterval(this.renewals);
    this.renewals = null;
    if (this.lease === null) return;
    this.lease = null;
    await onMongo(STORE, () => this.owners.deleteOne({ _id: this.owner }));
  }

  /**
   * Records this process's lease until `now` + the lease, unless the one recorded still has most of it to
   * run; from the first claim on, a timer renews it while no request does.
   */
  private renewLease(now: Date): Promise<void> {
    const at = now.getTime();
    const { leaseMs } = this.timings;
    if (this.lease !== null && this.lease.until - at > leaseMs * (1 - RENEW_AFTER_SHARE)) return this.lease.recorded;
    const until = at + leaseMs;
    const recorded = onMongo(STORE, () => this.owners.updateOne({ _id: this.owner }, { $set: { aliveUntil: new Date(until) } }, { upsert: true })).then(() => undefined);
    const lease = { until, recorded };
    this.lease = lease;
    // A lease not recorded is asked for again by the next claim.
    recorded.catch(() => {
      if (this.lease === lease) this.lease = null;
    });
    if (this.renewals === null) {
      this.renewals = setInterval(() => this.renewLease(this.now()).catch(() => undefined), leaseMs * RENEW_AFTER_SHARE);
      this.renewals.unref();
    }
    return recorded;
  }

  private async isAlive(owner: string, now: Date): Promise<boolean> {
    const lease = await onMongo(STORE, () => this.owners.findOne({ _id: owner }));
    return lease !== null && lease.aliveUntil.getTime() > now.getTime();
  }

  /**
   * Inserts the key, or starts it afresh when it has outlived its time to live. A key still
   * remembered misses the filter, and the upsert's insert then meets the unique index: false.
   */
  private async claimUnlessRemembered({ scope, key, fingerprint, now }: IdempotencyRequest): Promise<boolean> {
    try {
      await onMongo(STORE, () =>
        this.keys.updateOne(
          { scope, key, createdAt: { $lte: this.expiredAt(now) } },
          { $set: { fingerprint, createdAt: now, claimedAt: now, owner: this.owner, response: null } },
          { upsert: true },
        ),
      );
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Takes over a claim its process left when it died, unless another request got there first. */
  private async takeOver({ scope, key, fingerprint, now }: IdempotencyRequest, abandoned: KeyDocument): Promise<boolean> {
    const taken = await onMongo(STORE, () =>
      this.keys.updateOne(
        { scope, key, fingerprint, response: null, owner: abandoned.owner, claimedAt: abandoned.claimedAt },
        { $set: { claimedAt: now, owner: this.owner } },
      ),
    );
    return taken.matchedCount === 1;
  }

  /** Records created at or before this have outlived their time to live. */
  private expiredAt(now: Date): Date {
    return new Date(now.getTime() - this.timings.ttlMs);
  }
}

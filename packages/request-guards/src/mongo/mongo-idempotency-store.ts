/**
 * Idempotency-Key records of the distributed profile, shared by every API process: one document per
 * (scope, key) in `idempotency_keys`. Without transactions, a claim is decided by single-document
 * writes guarded by what they expect to find, with a unique index so two first claims cannot both
 * insert; the outcomes are those of the SQLite adapter.
 */
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

interface KeyDocument {
  scope: string;
  key: string;
  fingerprint: string;
  /** When the key was first claimed: its time to live counts from here. */
  createdAt: Date;
  /** When the running request claimed it (a takeover moves this, not `createdAt`). */
  claimedAt: Date;
  /** null while the request runs. */
  response: StoredResponse | null;
}

export class MongoIdempotencyStore implements IdempotencyStore {
  private constructor(
    private readonly keys: Collection<KeyDocument>,
    private readonly timings: IdempotencyTimings,
  ) {}

  static async open(db: Db, timings: IdempotencyTimings): Promise<MongoIdempotencyStore> {
    const keys = db.collection<KeyDocument>('idempotency_keys');
    // One index per call: FerretDB v1 drops the connection when one createIndexes finds several already there.
    await onMongo(STORE, () => keys.createIndex({ scope: 1, key: 1 }, { unique: true }));
    await onMongo(STORE, () => keys.createIndex({ createdAt: 1 }));
    return new MongoIdempotencyStore(keys, timings);
  }

  async claim(request: IdempotencyRequest): Promise<IdempotencyClaim> {
    const { scope, key, fingerprint, now } = request;
    for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
      if (await this.claimUnlessRemembered(request)) return { outcome: 'claimed' };
      const record = await onMongo(STORE, () => this.keys.findOne({ scope, key }));
      // Released or purged since the claim above missed it: claim again.
      if (record === null) continue;
      if (record.fingerprint !== fingerprint) return { outcome: 'mismatch' };
      if (record.response !== null) return { outcome: 'replay', response: { status: record.response.status, body: record.response.body } };
      if (record.claimedAt.getTime() + this.timings.abandonAfterMs > now.getTime()) return { outcome: 'in_progress' };
      if (await this.takeOver(request, record.claimedAt)) return { outcome: 'claimed' };
    }
    return { outcome: 'in_progress' };
  }

  async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
    await onMongo(STORE, () => this.keys.updateOne({ scope, key }, { $set: { response: { status: response.status, body: response.body } } }));
  }

  async release(scope: string, key: string): Promise<void> {
    await onMongo(STORE, () => this.keys.deleteOne({ scope, key, response: null }));
  }

  async purge(now: Date): Promise<number> {
    const purged = await onMongo(STORE, () => this.keys.deleteMany({ createdAt: { $lte: this.expiredAt(now) } }));
    return purged.deletedCount;
  }

  /** The connection belongs to whoever opened it. */
  async close(): Promise<void> {}

  /**
   * Inserts the key, or starts it afresh when it has outlived its time to live. A key still
   * remembered misses the filter, and the upsert's insert then meets the unique index: false.
   */
  private async claimUnlessRemembered({ scope, key, fingerprint, now }: IdempotencyRequest): Promise<boolean> {
    try {
      await onMongo(STORE, () =>
        this.keys.updateOne(
          { scope, key, createdAt: { $lte: this.expiredAt(now) } },
          { $set: { fingerprint, createdAt: now, claimedAt: now, response: null } },
          { upsert: true },
        ),
      );
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Takes over a claim abandoned by a process that died mid-request, unless another request got there first. */
  private async takeOver({ scope, key, fingerprint, now }: IdempotencyRequest, abandonedClaim: Date): Promise<boolean> {
    const taken = await onMongo(STORE, () =>
      this.keys.updateOne({ scope, key, fingerprint, response: null, claimedAt: abandonedClaim }, { $set: { claimedAt: now } }),
    );
    return taken.matchedCount === 1;
  }

  /** Records created at or before this have outlived their time to live. */
  private expiredAt(now: Date): Date {
    return new Date(now.getTime() - this.timings.ttlMs);
  }
}

/**
 * Rate-limit windows of the distributed profile, shared by every API process: one document per key
 * and window in `rate_windows`, counted by an `$inc` upsert, so concurrent hits never lose a count.
 */
import { isDuplicateKey, onMongo } from '@passes/storage/distributed';
import type { Collection, Db } from 'mongodb';
import { windowStartOf, type RateLimitStore, type WindowCount } from '../rate-limit/rate-limit-store';

const STORE = 'rate limit store';

interface WindowDocument {
  key: string;
  windowStart: Date;
  windowEnd: Date;
  count: number;
}

export class MongoRateLimitStore implements RateLimitStore {
  private constructor(private readonly windows: Collection<WindowDocument>) {}

  /**
   * No TTL index: windows end by the caller's clock (`now`), which a TTL index on the server's clock
   * would contradict; `purge`, which the API runs periodically, forgets them.
   */
  static async open(db: Db): Promise<MongoRateLimitStore> {
    const windows = db.collection<WindowDocument>('rate_windows');
    // One index per call: FerretDB v1 drops the connection when one createIndexes finds several already there.
    // The unique one guards the upsert: one document per key and window, even when two processes insert it at once.
    await onMongo(STORE, () => windows.createIndex({ key: 1, windowStart: 1 }, { unique: true }));
    await onMongo(STORE, () => windows.createIndex({ windowEnd: 1 }));
    return new MongoRateLimitStore(windows);
  }

  async hit(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    const start = windowStartOf(now, windowMs);
    const count = await this.count(key, new Date(start), new Date(start + windowMs));
    return { count, resetsAt: start + windowMs };
  }

  async purge(now: Date): Promise<number> {
    const purged = await onMongo(STORE, () => this.windows.deleteMany({ windowEnd: { $lte: now } }));
    return purged.deletedCount;
  }

  /** The connection belongs to whoever opened it. */
  async close(): Promise<void> {}

  /**
   * Two first hits of a window may both insert; the unique index refuses the second (duplicate key),
   * whose retry then finds the document and counts on it.
   */
  private async count(key: string, windowStart: Date, windowEnd: Date): Promise<number> {
    try {
      return await this.increment(key, windowStart, windowEnd);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return this.increment(key, windowStart, windowEnd);
    }
  }

  private async increment(key: string, windowStart: Date, windowEnd: Date): Promise<number> {
    const window = await onMongo(STORE, () =>
      this.windows.findOneAndUpdate({ key, windowStart }, { $inc: { count: 1 }, $setOnInsert: { windowEnd } }, { upsert: true, returnDocument: 'after' }),
    );
    // An upsert that returns the document after the change always returns one.
    if (window === null) throw new Error(`The ${STORE} returned no window after counting a hit`);
    return window.count;
  }
}

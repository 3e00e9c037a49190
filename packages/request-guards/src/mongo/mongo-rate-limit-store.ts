/**
 * Rate-limit windows of the distributed profile, shared by every API process: one document per key
 * and window in `rate_windows`, counted by an `$inc` upsert, so concurrent hits never lose a count.
 *
 * Told the limit, a process counts in blocks: one `$inc` takes several consecutive counts of the window,
 * which its next hits hand out one by one. No count is given twice across processes, so no more requests
 * than the limit are let through; what it loosens is the other way: counts a process took and did not
 * use before the window ended were never requests, so a caller spread over processes may be refused,
 * and see X-RateLimit-Remaining, up to those counts early. A block is at most a sixteenth of what is left
 * below the limit, so it shrinks to one count at a time as the limit nears (docs/decisions.md).
 */
import { isDuplicateKey, onMongo } from '@passes/storage/distributed';
import type { Collection, Db } from 'mongodb';
import { windowStartOf, type RateLimitStore, type WindowCount } from '../rate-limit/rate-limit-store';

const STORE = 'rate limit store';
/** A block is at most this share of the counts left below the limit, */
const BLOCK_SHARE_OF_ROOM = 16;
/** and at most this many counts. */
const MAX_BLOCK = 100;

/** Counts of one key's window this process took and hands out: `next` up to `last`. */
interface Block {
  windowStart: number;
  windowEnd: number;
  next: number;
  last: number;
}

interface WindowDocument {
  key: string;
  windowStart: Date;
  windowEnd: Date;
  count: number;
}

export class MongoRateLimitStore implements RateLimitStore {
  private readonly blocks = new Map<string, Block>();
  /** The block being taken for a key: hits meanwhile wait for it rather than each taking one. */
  private readonly taking = new Map<string, Promise<void>>();

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

  async hit(key: string, windowMs: number, now: Date, limit?: number): Promise<WindowCount> {
    const start = windowStartOf(now, windowMs);
    if (limit === undefined) return { count: await this.count(key, new Date(start), new Date(start + windowMs), 1), resetsAt: start + windowMs };
    for (;;) {
      const block = this.blocks.get(key);
      const current = block !== undefined && block.windowStart === start ? block : undefined;
      if (current !== undefined && current.next <= current.last) return { count: current.next++, resetsAt: start + windowMs };
      const taking = this.taking.get(key);
      if (taking !== undefined) {
        await taking;
        continue;
      }
      const size = blockSize(limit, current?.last ?? 0);
      const taken = this.count(key, new Date(start), new Date(start + windowMs), size)
        .then((last) => void this.blocks.set(key, { windowStart: start, windowEnd: start + windowMs, next: last - size + 1, last }))
        .finally(() => this.taking.delete(key));
      this.taking.set(key, taken);
      await taken;
    }
  }

  async giveBack(key: string, windowMs: number, now: Date): Promise<void> {
    const windowStart = new Date(windowStartOf(now, windowMs));
    await onMongo(STORE, () => this.windows.updateOne({ key, windowStart, count: { $gt: 0 } }, { $inc: { count: -1 } }));
  }

  async purge(now: Date): Promise<number> {
    const purged = await onMongo(STORE, () => this.windows.deleteMany({ windowEnd: { $lte: now } }));
    for (const [key, block] of this.blocks) if (block.windowEnd <= now.getTime()) this.blocks.delete(key);
    return purged.deletedCount;
  }

  /** The connection belongs to whoever opened it. */
  async close(): Promise<void> {}

  /**
   * Two first hits of a window may both insert; the unique index refuses the second (duplicate key),
   * whose retry then finds the document and counts on it.
   */
  private async count(key: string, windowStart: Date, windowEnd: Date, size: number): Promise<number> {
    try {
      return await this.increment(key, windowStart, windowEnd, size);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return this.increment(key, windowStart, windowEnd, size);
    }
  }

  /** Takes `size` counts of the window; returns the last of them. */
  private async increment(key: string, windowStart: Date, windowEnd: Date, size: number): Promise<number> {
    const window = await onMongo(STORE, () =>
      this.windows.findOneAndUpdate({ key, windowStart }, { $inc: { count: size }, $setOnInsert: { windowEnd } }, { upsert: true, returnDocument: 'after' }),
    );
    // An upsert that returns the document after the change always returns one.
    if (window === null) throw new Error(`The ${STORE} returned no window after counting a hit`);
    return window.count;
  }
}

/** A sixteenth of the counts left below the limit, at least one; `taken` is the last count this process holds in the window. */
function blockSize(limit: number, taken: number): number {
  return Math.max(1, Math.min(MAX_BLOCK, Math.floor((limit - taken) / BLOCK_SHARE_OF_ROOM)));
}

/**
 * Pages of pass histories that can never change again, kept in memory. A page that more events follow
 * holds revisions that are all recorded, and recorded events are never rewritten (old versions are upcast
 * on read, by this very code), so an auditor who pages through a long history again reads it from here
 * instead of reading and decoding a thousand events a page. A stream's last page is never kept: events
 * may still be appended to it.
 */
import { LRUCache } from 'lru-cache';
import type { PassHistoryEntry } from './pass-history';

/** Entries kept at most: about 35 MB of stamps, their JSON included. */
const MAX_ENTRIES = 100_000;

export class SealedHistoryPages {
  private readonly pages = new LRUCache<string, readonly PassHistoryEntry[]>({
    maxSize: MAX_ENTRIES,
    sizeCalculation: (entries) => Math.max(1, entries.length),
  });

  /** The page of `limit` events from `fromRevision`, when it was read sealed before. */
  get(stream: string, fromRevision: number, limit: number): readonly PassHistoryEntry[] | undefined {
    return this.pages.get(keyOf(stream, fromRevision, limit));
  }

  /** Only for a page that more events follow. */
  remember(stream: string, fromRevision: number, limit: number, entries: readonly PassHistoryEntry[]): void {
    this.pages.set(keyOf(stream, fromRevision, limit), entries);
  }
}

const keyOf = (stream: string, fromRevision: number, limit: number) => `${stream}\n${fromRevision}\n${limit}`;

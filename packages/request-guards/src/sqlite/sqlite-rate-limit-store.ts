/**
 * Rate-limit windows of the embedded profile, in their own SQLite file. The embedded server is the one
 * process that counts, so it counts in memory and writes the counts behind, once a second: a commit per
 * request made every authenticated read pay for a write. A crash loses at most the last second's counts
 * (a window lasts a minute); a restart reads each key's running window back before counting on.
 */
import { openWalDatabase } from '@passes/storage';
import type Database from 'better-sqlite3';
import { windowStartOf, type RateLimitStore, type WindowCount } from '../rate-limit/rate-limit-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS rate_windows (
    key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, window_end INTEGER NOT NULL, count INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS rate_windows_by_end ON rate_windows (window_end);
`;

const WRITE_BEHIND_MS = 1000;

interface Window {
  start: number;
  end: number;
  count: number;
}

export class SqliteRateLimitStore implements RateLimitStore {
  private readonly readStatement;
  private readonly writeStatement;
  private readonly purgeStatement;
  private readonly writeWindows;
  /** The windows this process has counted in; the file has them as of the last write. */
  private readonly windows = new Map<string, Window>();
  private readonly unwritten = new Set<string>();
  private writeTimer: NodeJS.Timeout | null = null;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.readStatement = db.prepare<[string], { window_start: number; count: number }>('SELECT window_start, count FROM rate_windows WHERE key = ?');
    this.writeStatement = db.prepare<[string, number, number, number]>(
      `INSERT INTO rate_windows (key, window_start, window_end, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, window_end = excluded.window_end, count = excluded.count`,
    );
    this.purgeStatement = db.prepare<[number]>('DELETE FROM rate_windows WHERE window_end <= ?');
    this.writeWindows = db.transaction((keys: readonly string[]) => {
      for (const key of keys) {
        const window = this.windows.get(key);
        if (window !== undefined) this.writeStatement.run(key, window.start, window.end, window.count);
      }
    });
  }

  /** Counts are cheap to lose in a power cut (a window lasts a minute), so commits don't wait for the disk. */
  static open(file: string): SqliteRateLimitStore {
    return new SqliteRateLimitStore(openWalDatabase(file, { synchronous: 'NORMAL' }));
  }

  async hit(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    const start = windowStartOf(now, windowMs);
    let window = this.windows.get(key);
    if (window === undefined || window.start !== start) {
      const stored = window === undefined ? this.readStatement.get(key) : undefined;
      window = { start, end: start + windowMs, count: stored?.window_start === start ? stored.count : 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    this.unwritten.add(key);
    this.writeTimer ??= setTimeout(() => this.writeBehindOrRetry(), WRITE_BEHIND_MS).unref();
    return { count: window.count, resetsAt: window.end };
  }

  async giveBack(key: string, windowMs: number, now: Date): Promise<void> {
    const window = this.windows.get(key);
    if (window === undefined || window.start !== windowStartOf(now, windowMs) || window.count === 0) return;
    window.count -= 1;
    this.unwritten.add(key);
    this.writeTimer ??= setTimeout(() => this.writeBehindOrRetry(), WRITE_BEHIND_MS).unref();
  }

  async purge(now: Date): Promise<number> {
    this.writeBehind();
    for (const [key, window] of this.windows) if (window.end <= now.getTime()) this.windows.delete(key);
    return this.purgeStatement.run(now.getTime()).changes;
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.writeBehind();
    this.db.close();
  }

  private writeBehind(): void {
    if (this.writeTimer !== null) clearTimeout(this.writeTimer);
    this.writeTimer = null;
    if (this.unwritten.size === 0) return;
    const keys = [...this.unwritten];
    this.unwritten.clear();
    try {
      this.writeWindows.immediate(keys);
    } catch (error: unknown) {
      for (const key of keys) this.unwritten.add(key);
      throw error;
    }
  }

  /** From the timer, where a throw would end the process: counts that could not be written wait for the next hit. */
  private writeBehindOrRetry(): void {
    try {
      this.writeBehind();
    } catch {
      // The next hit schedules another attempt; until then the counts in memory are the ones that count.
    }
  }
}

/** Rate-limit windows of the embedded profile, in their own SQLite file. */
import type Database from 'better-sqlite3';
import { windowStartOf, type RateLimitStore, type WindowCount } from '../rate-limit/rate-limit-store';
import { openSqlite } from './open-sqlite';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS rate_windows (
    key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, window_end INTEGER NOT NULL, count INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS rate_windows_by_end ON rate_windows (window_end);
`;

export class SqliteRateLimitStore implements RateLimitStore {
  private readonly hitStatement;
  private readonly purgeStatement;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.hitStatement = db.prepare<[string, number, number], { count: number }>(
      `INSERT INTO rate_windows (key, window_start, window_end, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
         window_start = excluded.window_start, window_end = excluded.window_end
       RETURNING count`,
    );
    this.purgeStatement = db.prepare<[number]>('DELETE FROM rate_windows WHERE window_end <= ?');
  }

  /** Counts are cheap to lose in a power cut (a window lasts a minute), so commits don't wait for the disk. */
  static open(file: string): SqliteRateLimitStore {
    return new SqliteRateLimitStore(openSqlite(file, 'NORMAL'));
  }

  async hit(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    const start = windowStartOf(now, windowMs);
    const row = this.hitStatement.get(key, start, start + windowMs);
    return { count: row?.count ?? 1, resetsAt: start + windowMs };
  }

  async purge(now: Date): Promise<number> {
    return this.purgeStatement.run(now.getTime()).changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** `synchronous`: FULL where an acknowledged record must survive a power cut, NORMAL where losing the last moments is harmless. */
export function openSqlite(file: string, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  return db;
}

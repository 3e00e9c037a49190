/**
 * A file one process holds at a time, for as long as it runs: SQLite's own lock on a database of its own,
 * taken in exclusive locking mode, which keeps it from the first write until the connection closes. The
 * operating system drops the lock with the process, so one killed with `kill -9` leaves nothing to clear.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteErrorCode } from './sqlite-error-code';

export interface HeldFile {
  release(): void;
}

/** Holds `file`, or answers null at once when another process (or another holder in this one) holds it. */
export function holdExclusively(file: string): HeldFile | null {
  // A data directory holds customers' data and secrets: its owner's only.
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (id INTEGER PRIMARY KEY); COMMIT');
    return { release: () => db.close() };
  } catch (error) {
    db.close();
    if (sqliteErrorCode(error)?.startsWith('SQLITE_BUSY')) return null;
    throw error;
  }
}

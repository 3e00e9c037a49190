/**
 * Opens (creating if needed) a SQLite file in WAL mode, as every store of the embedded profile keeps its
 * file. Two processes that open a new file at once (the CLI beside a starting service) both ask to turn
 * it to WAL, which needs the file to themselves; SQLite answers one of them SQLITE_BUSY at once, without
 * waiting out the busy timeout (each holds the lock the other waits for), so the switch is tried again
 * until the timeout has passed.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteErrorCode } from './sqlite-error-code';

/** Long enough to ride out another process's write (the CLI's), short enough to surface a stuck lock. */
const BUSY_TIMEOUT_MS = 5000;
/** Between attempts at the switch to WAL: the other opener's switch takes a few milliseconds. */
const RETRY_PAUSE_MS = 10;

export interface WalDatabaseOptions {
  /** FULL where an acknowledged write must survive a power cut, NORMAL where the last moments may be lost. */
  synchronous: 'FULL' | 'NORMAL';
}

const isBusy = (error: unknown): boolean => sqliteErrorCode(error)?.startsWith('SQLITE_BUSY') ?? false;

/** Blocks the thread for `ms`: opening a store is synchronous, as better-sqlite3 is. */
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

function switchToWal(db: Database.Database): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      pause(RETRY_PAUSE_MS);
    }
  }
}

export function openWalDatabase(file: string, { synchronous }: WalDatabaseOptions): Database.Database {
  // A data directory holds customers' data and secrets: its owner's only.
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    switchToWal(db);
    db.pragma(`synchronous = ${synchronous}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

import { openWalDatabase } from '@passes/storage';
import type Database from 'better-sqlite3';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT    NOT NULL UNIQUE,
    stream     TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    type       TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    metadata   TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    UNIQUE (stream, revision)
  ) STRICT;
  CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
`;

/**
 * Opens (creating if needed) an event store file. WAL lets readers in other processes proceed while
 * one writes; synchronous = FULL fsyncs the WAL on every commit, so an acknowledged append survives
 * power loss, not only a process crash.
 *
 * The log is copied back into the database (checkpointed) by the commit that takes it past
 * `wal_autocheckpoint` pages, and every append waits for that commit. A commit of 20 appends writes about
 * 40 pages (each index is touched at random places), so SQLite's default of 1,000 pages checkpointed every
 * 25 commits, each of them many times slower than the rest; at 10,000 pages (about 40 MiB) it is one
 * commit in 250, and the pages rewritten between two checkpoints are copied once, so all commits together
 * take less time.
 */
export function openDatabase(file: string): Database.Database {
  const db = openWalDatabase(file, { synchronous: 'FULL' });
  try {
    db.pragma('wal_autocheckpoint = 10000');
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

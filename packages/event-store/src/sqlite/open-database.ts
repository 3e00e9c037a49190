import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Long enough to ride out another process's append (the CLI), short enough to surface a stuck lock. */
const BUSY_TIMEOUT_MS = 5000;

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
 */
export function openDatabase(file: string): Database.Database {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

import { BOUND_LIMIT } from '@passes/storage';
import type Database from 'better-sqlite3';
import { EVENT_COLUMNS, type EventRow } from './event-row';

/** SQLite reads a negative LIMIT as "no limit". */
export const NO_LIMIT = -1;

export interface EventStatements {
  insert: Database.Statement<[string, string, number, string, string, string, string]>;
  currentRevision: Database.Statement<[string], { revision: number | null }>;
  locateEvent: Database.Statement<[string], { stream: string; revision: number }>;
  readStream: Database.Statement<[string, number, number], EventRow>;
  headPosition: Database.Statement<[], { position: number | null }>;
  countBetween: Database.Statement<[number, number, number], { count: number }>;
}

/** Prepared once per connection: preparing on every call would dominate the cost of small appends. */
export function prepareEventStatements(db: Database.Database): EventStatements {
  return {
    insert: db.prepare(
      'INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    currentRevision: db.prepare('SELECT max(revision) AS revision FROM events WHERE stream = ?'),
    locateEvent: db.prepare('SELECT stream, revision FROM events WHERE id = ?'),
    readStream: db
      .prepare<[string, number, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ${BOUND_LIMIT}`)
      .raw(true),
    headPosition: db.prepare('SELECT max(position) AS position FROM events'),
    countBetween: db.prepare(`SELECT count(*) AS count FROM (SELECT 1 FROM events WHERE position > ? AND position <= ? ${BOUND_LIMIT})`),
  };
}

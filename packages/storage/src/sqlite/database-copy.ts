/**
 * Copies of SQLite files made by SQLite's online backup: whole as of one instant even while another process
 * writes the file, its log included, where a copy by the operating system meanwhile may be torn.
 */
import Database from 'better-sqlite3';
import { sqliteErrorCode } from './sqlite-error-code';

/** Copies the database `from` into `to`, which it replaces: one file, with no log beside it. */
export async function copyDatabase(from: string, to: string): Promise<void> {
  const source = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
  // The copy keeps its source's write-ahead log mode; out of it, its log is copied back and removed.
  const copy = new Database(to, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Whether `file` is an SQLite database holding `table`; read only, nothing is created. */
export function holdsTable(file: string, table: string): boolean {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  } catch (error) {
    if (sqliteErrorCode(error) === 'SQLITE_NOTADB') return false;
    throw error;
  } finally {
    db?.close();
  }
}

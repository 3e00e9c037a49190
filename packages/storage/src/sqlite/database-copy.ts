/**
 * Copies of SQLite files, whole as of one instant even while another process writes the file, where a copy
 * by the operating system meanwhile may be torn.
 */
import Database from 'better-sqlite3';
import { sqliteErrorCode } from './sqlite-error-code';

/**
 * Copies the database `from` into `to`, a file that must not exist yet: one file, with no log beside it.
 * `VACUUM INTO` reads the source in one transaction, which writers in WAL mode do not wait for; SQLite's
 * backup API, copying by steps, starts over whenever another connection writes, and under load may never end.
 */
export function copyDatabase(from: string, to: string): void {
  const source = new Database(from, { readonly: true, fileMustExist: true });
  try {
    source.prepare('VACUUM INTO ?').run(to);
  } finally {
    source.close();
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

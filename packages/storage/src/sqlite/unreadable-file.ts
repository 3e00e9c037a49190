/**
 * SQLite's refusal of a file it cannot read as a database: not one at all (`SQLITE_NOTADB`: another file in
 * its place, a copy cut short) or damaged (`SQLITE_CORRUPT`). Nothing the service can do makes it readable.
 */
import { sqliteErrorCode } from './sqlite-error-code';

/** The code of such a refusal, or null for any other error. */
export function unreadableFileCode(error: unknown): string | null {
  const code = sqliteErrorCode(error);
  return code === 'SQLITE_NOTADB' || code?.startsWith('SQLITE_CORRUPT') === true ? code : null;
}

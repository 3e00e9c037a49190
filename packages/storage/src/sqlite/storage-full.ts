/**
 * SQLite's refusal when the disk holding a file has no room left (`SQLITE_FULL`): the write is undone
 * whole, and the same write succeeds once an operator has made room, without a restart.
 */
import { sqliteErrorCode } from './sqlite-error-code';

export function isStorageFull(error: unknown): boolean {
  return sqliteErrorCode(error) === 'SQLITE_FULL';
}

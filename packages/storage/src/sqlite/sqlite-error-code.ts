/**
 * The code SQLite gave a refusal (`SQLITE_BUSY`, `SQLITE_FULL`, …), or null for any other error. Read off the
 * error, not matched by class: the native binding keeps throwing the error class of the realm that first
 * loaded it, which a test runner's realm of its own does not recognise.
 */
export function sqliteErrorCode(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_') ? error.code : null;
}

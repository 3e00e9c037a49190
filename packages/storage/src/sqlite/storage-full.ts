/**
 * SQLite's refusal when the disk holding a file has no room left (`SQLITE_FULL`): the write is undone
 * whole, and the same write succeeds once an operator has made room, without a restart. Matched by its
 * code alone, not by class: the native binding keeps throwing the error class of the realm that first
 * loaded it, which a test runner's realm of its own does not recognise as its `Error`.
 */
export function isStorageFull(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'SQLITE_FULL';
}

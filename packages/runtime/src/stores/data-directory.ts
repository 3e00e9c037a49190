/**
 * The embedded profile's data directory (operations.md, "Data"): the files of its stores, the lock of the
 * server that serves it, and the backup and restore of what the events cannot rebuild.
 */
import fs from 'node:fs';
import path from 'node:path';
import { copyDatabase, holdExclusively, holdsTable, unreadableFileCode } from '@passes/storage';
import { ConfigError } from '../config/config';

export const DATA_FILES = {
  events: 'events.sqlite',
  readModels: 'read-models.sqlite',
  work: 'background-work.sqlite',
  rateLimits: 'rate-limits.sqlite',
  idempotency: 'idempotency.sqlite',
  checkpoints: 'checkpoints.sqlite',
  templateImages: 'template-images.sqlite',
  secretKey: 'secret.key',
  /**
   * Held by the running server. The stores' guarantees are one process's: an Idempotency-Key another opening
   * of the file claimed is taken over at once, plan limits are exact within a process; a second server on
   * the same directory would break them, so it is refused.
   */
  serverLock: 'server.lock',
} as const;

/**
 * The databases a backup holds, in the order it copies them. The followers' checkpoints first, each at an
 * event the copy of the events, taken next, holds; then the work store, holding the deliveries of every
 * event up to those checkpoints; then the images of the templates the events name. After a restore each
 * follower goes on from its checkpoint, meeting again the events it met after it, whose deliveries it
 * records under the same ids: none is lost, and one made after the backup may be made again, under its id.
 */
const BACKED_UP = [DATA_FILES.checkpoints, DATA_FILES.events, DATA_FILES.work, DATA_FILES.templateImages] as const;

/** Files the service builds again, or starts afresh, when they are gone (operations.md, "Data", says at what cost). */
const REMADE: ReadonlySet<string> = new Set([DATA_FILES.readModels, DATA_FILES.rateLimits, DATA_FILES.idempotency]);

/** Opens the store of one file of the data directory; one SQLite cannot read stops the start with what to do about it. */
export function openDataFile<Store>(dataDir: string, name: string, open: (file: string) => Store): Store {
  const file = path.join(dataDir, name);
  try {
    return open(file);
  } catch (error) {
    const code = unreadableFileCode(error);
    if (code === null) throw error;
    throw new ConfigError(unreadableFileMessage(file, name, code));
  }
}

function unreadableFileMessage(file: string, name: string, code: string): string {
  const remedy = REMADE.has(name)
    ? 'remove it, with its -wal and -shm files: the service makes it again'
    : 'put it back from a backup (`passes restore <directory>`, the server stopped)';
  return `${file} is not a database SQLite can read (${code}): ${remedy}`;
}

/** A backup or a restore that cannot be made as asked; nothing was changed. */
export class DataDirectoryRefusal extends Error {}

/** Copies what cannot be rebuilt into `target` (new, or empty), also while the server runs; the files written. */
export function backUpDataDirectory(dataDir: string, target: string): string[] {
  if (!fs.existsSync(path.join(dataDir, DATA_FILES.events))) throw new DataDirectoryRefusal(`${dataDir} holds no ${DATA_FILES.events}: nothing to back up (PASSES_DATA_DIR)`);
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) throw new DataDirectoryRefusal(`${target} is not a directory: back up into a new directory`);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new DataDirectoryRefusal(`${target} is not empty: back up into a new directory`);
  // The copies hold the customers' names and emails: for the operator's eyes only, as the secret is.
  const made = makeDirectory(target, 0o700);
  try {
    return copyBackup(dataDir, target);
  } catch (error) {
    // A backup cut short is none, and would make the same command refuse the directory as not empty.
    if (made === null) for (const name of fs.readdirSync(target)) fs.rmSync(path.join(target, name), { force: true });
    else fs.rmSync(made, { recursive: true, force: true });
    throw error;
  }
}

function copyBackup(dataDir: string, target: string): string[] {
  const written: string[] = [];
  for (const name of BACKED_UP) {
    const from = path.join(dataDir, name);
    if (!fs.existsSync(from)) continue;
    try {
      copyDatabase(from, path.join(target, name));
    } catch (error) {
      const code = unreadableFileCode(error);
      if (code === null) throw error;
      throw new DataDirectoryRefusal(unreadableFileMessage(from, name, code));
    }
    fs.chmodSync(path.join(target, name), 0o600);
    written.push(name);
  }
  if (copySecretKey(dataDir, target)) written.push(DATA_FILES.secretKey);
  return written;
}

/**
 * Puts the backup in `source` in place of the files it holds in `dataDir`, which no server may serve
 * meanwhile; the files restored. The read models are removed, to be built again from the restored events
 * at the next start, and so are the recorded answers of Idempotency-Keys: a retry of a write the backup does
 * not have must run again.
 */
export function restoreDataDirectory(dataDir: string, source: string): string[] {
  const events = path.join(source, DATA_FILES.events);
  if (!fs.existsSync(events) || !holdsTable(events, 'events')) throw new DataDirectoryRefusal(`${source} holds no backup of the event store (${DATA_FILES.events})`);
  const held = holdExclusively(path.join(dataDir, DATA_FILES.serverLock));
  if (held === null) throw new DataDirectoryRefusal(`A wallet pass service is serving the data directory ${dataDir}: stop it before restoring`);
  try {
    const restored: string[] = [];
    for (const name of BACKED_UP) {
      const from = path.join(source, name);
      if (!fs.existsSync(from)) continue;
      const into = path.join(dataDir, name);
      // A copy an interrupted restore left is made again.
      fs.rmSync(`${into}.restoring`, { force: true });
      copyDatabase(from, `${into}.restoring`);
      // The log of the file replaced must not be applied to the one restored; the rename replaces it whole.
      removeLog(into);
      fs.renameSync(`${into}.restoring`, into);
      restored.push(name);
    }
    if (copySecretKey(source, dataDir)) restored.push(DATA_FILES.secretKey);
    for (const name of [DATA_FILES.readModels, DATA_FILES.idempotency]) {
      removeLog(path.join(dataDir, name));
      fs.rmSync(path.join(dataDir, name), { force: true });
    }
    return restored;
  } finally {
    held.release();
  }
}

/** Why a directory could not be made, by the system's code; what makeDirectory refuses with rather than throws. */
const UNMAKEABLE: Readonly<Record<string, string>> = {
  ENOENT: 'its parent cannot be made there',
  ENOTDIR: 'a file stands where a directory of its path belongs',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the file system is read-only',
};

/**
 * Makes `directory` and its missing parents, one at a time from the nearest existing one; the first it made,
 * or null when it was there. Node's recursive mkdir tries again for ever where a parent cannot be made (a
 * path under /proc): this one stops at the first.
 */
function makeDirectory(directory: string, mode: number): string | null {
  const missing: string[] = [];
  for (let dir = path.resolve(directory); !fs.existsSync(dir); dir = path.dirname(dir)) missing.unshift(dir);
  for (const dir of missing) {
    try {
      fs.mkdirSync(dir, { mode });
    } catch (error) {
      const reason = systemErrorCode(error);
      if (reason === null || UNMAKEABLE[reason] === undefined) throw error;
      if (dir !== missing[0] && missing[0] !== undefined) fs.rmSync(missing[0], { recursive: true, force: true });
      throw new DataDirectoryRefusal(`Cannot make the directory ${dir} (${reason}: ${UNMAKEABLE[reason]}): back up into a directory that can be made`);
    }
  }
  return missing[0] ?? null;
}

function systemErrorCode(error: unknown): string | null {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

function copySecretKey(from: string, to: string): boolean {
  const key = path.join(from, DATA_FILES.secretKey);
  if (!fs.existsSync(key)) return false;
  fs.copyFileSync(key, path.join(to, DATA_FILES.secretKey));
  fs.chmodSync(path.join(to, DATA_FILES.secretKey), 0o600);
  return true;
}

function removeLog(database: string): void {
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
}

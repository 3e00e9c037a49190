/**
 * The port for exports' files: where a CSV is written while it is made, read when it is downloaded and
 * removed when it expires. Adapters: a directory (the data directory, embedded; a shared volume,
 * distributed).
 */
import type { Readable } from 'node:stream';

export interface ExportFiles {
  /**
   * Writes the export's file from `content`, replacing whatever an earlier attempt left; `open` sees it
   * only once it is whole. Resolves to the bytes written.
   */
  write(exportId: string, content: Readable, signal: AbortSignal): Promise<number>;
  /** The file's content, or null when there is none. */
  open(exportId: string): Promise<Readable | null>;
  /** Removes the file, and any part an attempt left; nothing when there is none. */
  remove(exportId: string): Promise<void>;
}

/**
 * Exports' files in a directory: the data directory's `exports/` (embedded), or the same path on a volume
 * every process of the distributed profile mounts. A file is written beside its final name and renamed
 * once whole, so a download never reads a half-written one.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFiles } from '@passes/application';

/** Export ids are ids the service made; anything else never becomes a path. */
const EXPORT_ID = /^[A-Za-z0-9-]{1,64}$/;

export class DirectoryExportFiles implements ExportFiles {
  constructor(private readonly directory: string) {}

  async write(exportId: string, content: Readable, signal: AbortSignal): Promise<number> {
    await fs.mkdir(this.directory, { recursive: true, mode: 0o700 });
    const partial = this.pathOf(exportId, '.csv.partial');
    await pipeline(content, createWriteStream(partial), { signal });
    const { size } = await fs.stat(partial);
    await fs.rename(partial, this.pathOf(exportId, '.csv'));
    return size;
  }

  async open(exportId: string): Promise<Readable | null> {
    const file = this.pathOf(exportId, '.csv');
    try {
      await fs.access(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async remove(exportId: string): Promise<void> {
    await fs.rm(this.pathOf(exportId, '.csv'), { force: true });
    await fs.rm(this.pathOf(exportId, '.csv.partial'), { force: true });
  }

  private pathOf(exportId: string, extension: string): string {
    if (!EXPORT_ID.test(exportId)) throw new Error('Not an export id');
    return path.join(this.directory, `${exportId}${extension}`);
  }
}

/** The embedded profile's template images: one row per file of each image in `template-images.sqlite`, under the data directory. */
import type { TemplateImageFile, TemplateImageStore } from '@passes/application';
import { openWalDatabase } from '@passes/storage';
import type Database from 'better-sqlite3';
import { z } from 'zod';

const fileRow = z.object({ data: z.instanceof(Buffer) });

export class SqliteTemplateImageStore implements TemplateImageStore {
  private constructor(private readonly db: Database.Database) {}

  static open(file: string): SqliteTemplateImageStore {
    // FULL: a template records an image once its files are saved; they must outlive a power cut.
    const db = openWalDatabase(file, { synchronous: 'FULL' });
    db.exec('CREATE TABLE IF NOT EXISTS template_image_files (hash TEXT NOT NULL, name TEXT NOT NULL, data BLOB NOT NULL, PRIMARY KEY (hash, name)) WITHOUT ROWID');
    return new SqliteTemplateImageStore(db);
  }

  async save(hash: string, files: readonly TemplateImageFile[]): Promise<void> {
    const insert = this.db.prepare('INSERT OR IGNORE INTO template_image_files (hash, name, data) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      for (const { name, data } of files) insert.run(hash, name, data);
    })();
  }

  async load(hash: string, name: string): Promise<Buffer | null> {
    const row: unknown = this.db.prepare('SELECT data FROM template_image_files WHERE hash = ? AND name = ?').get(hash, name);
    return row === undefined ? null : fileRow.parse(row).data;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

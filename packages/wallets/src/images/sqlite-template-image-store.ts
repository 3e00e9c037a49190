/** The embedded profile's template images: one row per file of each image in `template-images.sqlite`, under the data directory. */
import fs from 'node:fs';
import path from 'node:path';
import type { TemplateImageFile, TemplateImageStore } from '@passes/application';
import Database from 'better-sqlite3';
import { z } from 'zod';

const fileRow = z.object({ data: z.instanceof(Buffer) });

export class SqliteTemplateImageStore implements TemplateImageStore {
  private constructor(private readonly db: Database.Database) {}

  static open(file: string): SqliteTemplateImageStore {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    // FULL: a template records an image once its files are saved; they must outlive a power cut.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
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

/** The read store of the embedded profile: one SQLite file, rebuilt from the event store if lost. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DocumentStore, DocumentWrite, StoredDocument } from './document-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS documents (
    collection TEXT NOT NULL, id TEXT NOT NULL, revision INTEGER NOT NULL, doc TEXT NOT NULL,
    PRIMARY KEY (collection, id));
  CREATE TABLE IF NOT EXISTS document_keys (
    collection TEXT NOT NULL, index_name TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL,
    PRIMARY KEY (collection, index_name, key, id));
  CREATE INDEX IF NOT EXISTS document_keys_by_document ON document_keys (collection, id);
  CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
`;

interface DocumentRow {
  id: string;
  revision: number;
  doc: string;
}

export class SqliteDocumentStore implements DocumentStore {
  private readonly statements;
  private readonly commitTransaction;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.statements = {
      get: db.prepare<[string, string], DocumentRow>('SELECT id, revision, doc FROM documents WHERE collection = ? AND id = ?'),
      find: db.prepare<[string, string, string, number], DocumentRow>(
        `SELECT d.id, d.revision, d.doc FROM document_keys k JOIN documents d ON d.collection = k.collection AND d.id = k.id
         WHERE k.collection = ? AND k.index_name = ? AND k.key = ? ORDER BY d.rowid LIMIT ?`,
      ),
      upsert: db.prepare<[string, string, number, string]>(
        `INSERT INTO documents (collection, id, revision, doc) VALUES (?, ?, ?, ?)
         ON CONFLICT (collection, id) DO UPDATE SET revision = excluded.revision, doc = excluded.doc`,
      ),
      count: db.prepare<[string, string, string], { count: number }>(
        'SELECT COUNT(*) AS count FROM document_keys WHERE collection = ? AND index_name = ? AND key = ?',
      ),
      remove: db.prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND id = ?'),
      removeKeys: db.prepare<[string, string]>('DELETE FROM document_keys WHERE collection = ? AND id = ?'),
      addKey: db.prepare<[string, string, string, string]>(
        'INSERT OR IGNORE INTO document_keys (collection, index_name, key, id) VALUES (?, ?, ?, ?)',
      ),
      getCheckpoint: db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE name = ?'),
      setCheckpoint: db.prepare<[string, number]>(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ),
    };
    this.commitTransaction = db.transaction((writes: readonly DocumentWrite[], name: string, position: number) => {
      for (const write of writes) this.write(write);
      this.statements.setCheckpoint.run(name, position);
    });
  }

  static open(file: string): SqliteDocumentStore {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    // The read store is rebuilt from the event store, so it need not survive a power cut on its own.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    return new SqliteDocumentStore(db);
  }

  async get<Doc>(collection: string, id: string): Promise<StoredDocument<Doc> | null> {
    const row = this.statements.get.get(collection, id);
    return row ? toStored<Doc>(row) : null;
  }

  async find<Doc>(collection: string, index: string, key: string, limit = 1000): Promise<Doc[]> {
    return this.statements.find.all(collection, index, key, limit).map((row) => toStored<Doc>(row).doc);
  }

  async count(collection: string, index: string, key: string): Promise<number> {
    return this.statements.count.get(collection, index, key)?.count ?? 0;
  }

  async commit(writes: readonly DocumentWrite[], checkpoint: { name: string; position: number }): Promise<void> {
    this.commitTransaction(writes, checkpoint.name, checkpoint.position);
  }

  async checkpoint(name: string): Promise<number> {
    return this.statements.getCheckpoint.get(name)?.position ?? 0;
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private write(write: DocumentWrite): void {
    const { collection, id } = write;
    this.statements.removeKeys.run(collection, id);
    if (write.doc === null) {
      this.statements.remove.run(collection, id);
      return;
    }
    this.statements.upsert.run(collection, id, write.revision, JSON.stringify(write.doc));
    for (const [index, keys] of Object.entries(write.keys)) {
      for (const key of keys) this.statements.addKey.run(collection, index, key, id);
    }
  }
}

function toStored<Doc>(row: DocumentRow): StoredDocument<Doc> {
  return { id: row.id, revision: row.revision, doc: JSON.parse(row.doc) as Doc };
}

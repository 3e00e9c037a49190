/** Checkpoints of the embedded profile's feed followers, in their own SQLite file. */
import { openWalDatabase } from '@passes/storage';
import type Database from 'better-sqlite3';
import type { CheckpointStore } from './checkpoint-store';
import { positionFrom, type Position } from './position';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL) STRICT';

export class SqliteCheckpointStore implements CheckpointStore {
  private readonly statements;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.statements = {
      load: db.prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?'),
      save: db.prepare<[string, string]>(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ),
    };
  }

  /** synchronous = NORMAL: a checkpoint lost to a power cut only repeats work that is idempotent anyway. */
  static open(file: string): SqliteCheckpointStore {
    const db = openWalDatabase(file, { synchronous: 'NORMAL' });
    try {
      return new SqliteCheckpointStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async load(name: string): Promise<Position | null> {
    const row = this.statements.load.get(name);
    return row === undefined ? null : positionFrom(row.position);
  }

  async save(name: string, position: Position): Promise<void> {
    this.statements.save.run(name, position);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** The delivery store of the embedded profile: `webhook-deliveries.sqlite` in the data directory. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { WebhookEventName } from '@passes/domain';
import type { AttemptRecord, Delivery, DeliveryStatus, DeliveryStore, NewDelivery } from './delivery-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS deliveries (
    sequence          INTEGER PRIMARY KEY AUTOINCREMENT,
    id                TEXT    NOT NULL UNIQUE,
    webhook_id        TEXT    NOT NULL,
    business_id       TEXT    NOT NULL,
    event             TEXT    NOT NULL,
    body              TEXT    NOT NULL,
    status            TEXT    NOT NULL,
    attempts          INTEGER NOT NULL,
    last_attempt_at   INTEGER,
    last_response_code INTEGER,
    last_error        TEXT,
    next_attempt_at   INTEGER,
    created_at        INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (status, next_attempt_at);
  CREATE INDEX IF NOT EXISTS deliveries_by_webhook ON deliveries (webhook_id, sequence);
  CREATE TABLE IF NOT EXISTS feed_checkpoint (only INTEGER PRIMARY KEY CHECK (only = 1), position INTEGER NOT NULL) STRICT;
`;

interface DeliveryRow {
  id: string;
  webhook_id: string;
  business_id: string;
  event: string;
  body: string;
  status: string;
  attempts: number;
  last_attempt_at: number | null;
  last_response_code: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  created_at: number;
}

const COLUMNS = 'id, webhook_id, business_id, event, body, status, attempts, last_attempt_at, last_response_code, last_error, next_attempt_at, created_at';

export class SqliteDeliveryStore implements DeliveryStore {
  private readonly statements;
  private readonly recordTransaction;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.statements = {
      insert: db.prepare<[string, string, string, string, string, number, number]>(
        `INSERT OR IGNORE INTO deliveries (id, webhook_id, business_id, event, body, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      ),
      setCheckpoint: db.prepare<[number]>(
        'INSERT INTO feed_checkpoint (only, position) VALUES (1, ?) ON CONFLICT (only) DO UPDATE SET position = excluded.position',
      ),
      checkpoint: db.prepare<[], { position: number }>('SELECT position FROM feed_checkpoint WHERE only = 1'),
      // The oldest due delivery of each webhook: the lowest sequence per webhook among the due ones.
      nextDue: db.prepare<[number, string, number], DeliveryRow>(
        `SELECT ${COLUMNS} FROM deliveries WHERE sequence IN (
           SELECT MIN(sequence) FROM deliveries
           WHERE status = 'pending' AND next_attempt_at <= ? AND webhook_id NOT IN (SELECT value FROM json_each(?))
           GROUP BY webhook_id)
         ORDER BY sequence LIMIT ?`,
      ),
      saveAttempt: db.prepare<[string, number | null, number, number | null, string | null, string]>(
        `UPDATE deliveries SET status = ?, next_attempt_at = ?, attempts = attempts + 1,
           last_attempt_at = ?, last_response_code = ?, last_error = ? WHERE id = ?`,
      ),
      cancel: db.prepare<[string]>("UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL WHERE id = ? AND status = 'pending'"),
      reschedule: db.prepare<[number, string]>("UPDATE deliveries SET status = 'pending', next_attempt_at = ? WHERE id = ?"),
      get: db.prepare<[string], DeliveryRow>(`SELECT ${COLUMNS} FROM deliveries WHERE id = ?`),
      listByWebhook: db.prepare<[string, number], DeliveryRow>(`SELECT ${COLUMNS} FROM deliveries WHERE webhook_id = ? ORDER BY sequence DESC LIMIT ?`),
    };
    this.recordTransaction = db.transaction((deliveries: readonly NewDelivery[], position: number) => {
      for (const d of deliveries) {
        const created = d.createdAt.getTime();
        this.statements.insert.run(d.id, d.webhookId, d.businessId, d.event, d.body, created, created);
      }
      this.statements.setCheckpoint.run(position);
    });
  }

  static open(file: string): SqliteDeliveryStore {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const db = new Database(file, { timeout: 5000 });
    try {
      db.pragma('journal_mode = WAL');
      // A write lost to a power cut is redone: the checkpoint moves back with it and ids are derived.
      db.pragma('synchronous = NORMAL');
      return new SqliteDeliveryStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async record(deliveries: readonly NewDelivery[], position: number): Promise<void> {
    this.recordTransaction(deliveries, position);
  }

  async checkpoint(): Promise<number> {
    return this.statements.checkpoint.get()?.position ?? 0;
  }

  async nextDue(now: Date, busyWebhooks: readonly string[], limit: number): Promise<Delivery[]> {
    return this.statements.nextDue.all(now.getTime(), JSON.stringify(busyWebhooks), limit).map(toDelivery);
  }

  async saveAttempt(id: string, attempt: AttemptRecord): Promise<void> {
    this.statements.saveAttempt.run(
      attempt.status,
      attempt.nextAttemptAt?.getTime() ?? null,
      attempt.attemptedAt.getTime(),
      attempt.responseCode,
      attempt.error,
      id,
    );
  }

  async cancel(id: string): Promise<void> {
    this.statements.cancel.run(id);
  }

  async reschedule(id: string, at: Date): Promise<void> {
    this.statements.reschedule.run(at.getTime(), id);
  }

  async get(id: string): Promise<Delivery | null> {
    const row = this.statements.get.get(id);
    return row ? toDelivery(row) : null;
  }

  async listByWebhook(webhookId: string, limit: number): Promise<Delivery[]> {
    return this.statements.listByWebhook.all(webhookId, limit).map(toDelivery);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** Rows were written from deliveries, so their status and event are the port's. */
function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    businessId: row.business_id,
    event: row.event as WebhookEventName,
    body: row.body,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    lastResponseCode: row.last_response_code,
    lastError: row.last_error,
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    createdAt: new Date(row.created_at),
  };
}

/** The delivery store of the embedded profile: `webhook-deliveries.sqlite` in the data directory. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WEBHOOK_EVENT_NAMES } from '@passes/domain';
import { positionFromSortable, sortablePosition } from '@passes/event-store';
import { BOUND_LIMIT } from '@passes/storage';
import type { AttemptRecord, Delivery, DeliveryLease, DeliveryStatus, DeliveryStore, NewDelivery } from './delivery-store';

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
  CREATE INDEX IF NOT EXISTS deliveries_by_webhook ON deliveries (webhook_id, sequence);
  CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (status, next_attempt_at);
  CREATE TABLE IF NOT EXISTS webhook_leases (webhook_id TEXT PRIMARY KEY, holder TEXT NOT NULL, until INTEGER NOT NULL) STRICT;
  DROP TABLE IF EXISTS feed_checkpoint;
`;

/** Deliveries recorded before they carried their event's place in the feed keep '' there, and go first. */
const FEED_ORDER = `
  ALTER TABLE deliveries ADD COLUMN feed_position TEXT NOT NULL DEFAULT '';
  CREATE INDEX deliveries_in_feed_order ON deliveries (webhook_id, feed_position, id);
`;

/** The pending deliveries alone, by webhook in feed order: what a claim looks through (see `due`). */
const PENDING_IN_FEED_ORDER = `
  CREATE INDEX IF NOT EXISTS deliveries_pending_in_feed_order ON deliveries (webhook_id, feed_position, id) WHERE status = 'pending';
`;

interface DeliveryRow {
  id: string;
  webhook_id: string;
  business_id: string;
  event: string;
  body: string;
  feed_position: string;
  status: string;
  attempts: number;
  last_attempt_at: number | null;
  last_response_code: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  created_at: number;
}

const COLUMNS =
  'id, webhook_id, business_id, event, body, feed_position, status, attempts, last_attempt_at, last_response_code, last_error, next_attempt_at, created_at';
/** COLUMNS of the deliveries aliased `d`, where another table names a column alike. */
const COLUMNS_OF_D = COLUMNS.split(', ').map((column) => `d.${column}`).join(', ');

export class SqliteDeliveryStore implements DeliveryStore {
  private readonly statements;
  private readonly recordTransaction;
  private readonly claimTransaction;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    const columns = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all('deliveries');
    if (!columns.some((column) => column.name === 'feed_position')) db.exec(FEED_ORDER);
    db.exec(PENDING_IN_FEED_ORDER);
    this.statements = {
      insert: db.prepare<[string, string, string, string, string, string, number, number]>(
        `INSERT OR IGNORE INTO deliveries (id, webhook_id, business_id, event, body, feed_position, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      ),
      // The oldest due delivery of each webhook without a running lease, in feed order. The webhooks with
      // pending deliveries are found one index seek each (a loose scan of the pending index), and each one's
      // first due delivery by walking its pending ones in feed order: a claim costs the webhooks, not the
      // backlog. The index is named: without statistics the planner took the one by due time and sorted.
      // (A window over every pending delivery, bodies and all, made each claim slower than the one before
      // while a backlog grew, and so made the backlog grow faster.)
      due: db.prepare<[number, number, number], DeliveryRow>(
        `WITH RECURSIVE webhooks (webhook_id) AS (
           SELECT min(webhook_id) FROM deliveries INDEXED BY deliveries_pending_in_feed_order WHERE status = 'pending'
           UNION ALL
           SELECT (SELECT min(webhook_id) FROM deliveries INDEXED BY deliveries_pending_in_feed_order WHERE status = 'pending' AND webhook_id > webhooks.webhook_id)
           FROM webhooks WHERE webhook_id IS NOT NULL)
         SELECT ${COLUMNS_OF_D} FROM webhooks w
         JOIN deliveries d ON d.id = (
           SELECT p.id FROM deliveries p INDEXED BY deliveries_pending_in_feed_order
           WHERE p.webhook_id = w.webhook_id AND p.status = 'pending' AND p.next_attempt_at <= ?
           ORDER BY p.feed_position, p.id LIMIT 1)
         WHERE NOT EXISTS (SELECT 1 FROM webhook_leases l WHERE l.webhook_id = w.webhook_id AND l.until > ?)
         ORDER BY d.feed_position, d.id ${BOUND_LIMIT}`,
      ),
      lease: db.prepare<[string, string, number]>(
        'INSERT INTO webhook_leases (webhook_id, holder, until) VALUES (?, ?, ?) ON CONFLICT (webhook_id) DO UPDATE SET holder = excluded.holder, until = excluded.until',
      ),
      release: db.prepare<[string, string]>('DELETE FROM webhook_leases WHERE webhook_id = ? AND holder = ?'),
      saveAttempt: db.prepare<[string, number | null, number, number | null, string | null, string]>(
        `UPDATE deliveries SET status = ?, next_attempt_at = ?, attempts = attempts + 1,
           last_attempt_at = ?, last_response_code = ?, last_error = ? WHERE id = ?`,
      ),
      cancel: db.prepare<[string]>("UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL WHERE id = ? AND status = 'pending'"),
      reschedule: db.prepare<[number, string]>("UPDATE deliveries SET status = 'pending', next_attempt_at = ? WHERE id = ?"),
      get: db.prepare<[string], DeliveryRow>(`SELECT ${COLUMNS} FROM deliveries WHERE id = ?`),
      countPending: db.prepare<[], { pending: number }>("SELECT COUNT(*) AS pending FROM deliveries WHERE status = 'pending'"),
      listByWebhook: db.prepare<[string, number], DeliveryRow>(`SELECT ${COLUMNS} FROM deliveries WHERE webhook_id = ? ORDER BY sequence DESC ${BOUND_LIMIT}`),
    };
    this.recordTransaction = db.transaction((deliveries: readonly NewDelivery[]) => {
      for (const d of deliveries) {
        const created = d.createdAt.getTime();
        this.statements.insert.run(d.id, d.webhookId, d.businessId, d.event, d.body, sortablePosition(d.position), created, created);
      }
    });
    this.claimTransaction = db.transaction(({ holder, now, ttlMs }: DeliveryLease, limit: number): DeliveryRow[] => {
      const rows = this.statements.due.all(now.getTime(), now.getTime(), limit);
      for (const row of rows) this.statements.lease.run(row.webhook_id, holder, now.getTime() + ttlMs);
      return rows;
    });
  }

  static open(file: string): SqliteDeliveryStore {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const db = new Database(file, { timeout: 5000 });
    try {
      db.pragma('journal_mode = WAL');
      // A write lost to a power cut is redone: its feed's checkpoint moves back with it and ids are derived.
      db.pragma('synchronous = NORMAL');
      return new SqliteDeliveryStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async record(deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length > 0) this.recordTransaction(deliveries);
  }

  async claimDue(lease: DeliveryLease, limit: number): Promise<Delivery[]> {
    return this.claimTransaction.immediate(lease, limit).map(toDelivery);
  }

  async release(webhookId: string, holder: string): Promise<void> {
    this.statements.release.run(webhookId, holder);
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

  async countPending(): Promise<number> {
    return this.statements.countPending.get()?.pending ?? 0;
  }

  async listByWebhook(webhookId: string, limit: number): Promise<Delivery[]> {
    return this.statements.listByWebhook.all(webhookId, limit).map(toDelivery);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));
const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed', 'cancelled'];

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    businessId: row.business_id,
    event: oneOf(WEBHOOK_EVENT_NAMES, row.event, 'event'),
    body: row.body,
    position: positionFromSortable(row.feed_position),
    status: oneOf(STATUSES, row.status, 'status'),
    attempts: row.attempts,
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    lastResponseCode: row.last_response_code,
    lastError: row.last_error,
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    createdAt: new Date(row.created_at),
  };
}

function oneOf<Value extends string>(values: readonly Value[], value: string, column: string): Value {
  const known = values.find((candidate) => candidate === value);
  if (known === undefined) throw new Error(`Delivery row has an unknown ${column} '${value}'`);
  return known;
}

/** The wallet notification store of the embedded profile: `wallet-notifications.sqlite` in the data directory. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { positionFromSortable, sortablePosition } from '@passes/event-store';
import { BOUND_LIMIT } from '@passes/storage';
import {
  walletWork,
  type AttemptOutcome,
  type NewWalletNotification,
  type WalletNotification,
  type WalletNotificationLease,
  type WalletNotificationStatus,
  type WalletNotificationStore,
} from './wallet-notification-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS wallet_notifications (
    id              TEXT    PRIMARY KEY,
    work            TEXT    NOT NULL,
    feed_position   TEXT    NOT NULL,
    status          TEXT    NOT NULL,
    attempts        INTEGER NOT NULL,
    next_attempt_at INTEGER,
    leased_by       TEXT,
    leased_until    INTEGER,
    last_error      TEXT,
    created_at      INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS wallet_notifications_due ON wallet_notifications (status, next_attempt_at);
`;

interface Row {
  id: string;
  work: string;
  feed_position: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
}

const COLUMNS = 'id, work, feed_position, status, attempts, next_attempt_at, last_error, created_at';
const STATUSES: readonly WalletNotificationStatus[] = ['pending', 'done', 'failed'];

export class SqliteWalletNotificationStore implements WalletNotificationStore {
  private readonly statements;
  private readonly recordTransaction;
  private readonly claimTransaction;

  private constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.statements = {
      insert: db.prepare<[string, string, string, number, number]>(
        `INSERT OR IGNORE INTO wallet_notifications (id, work, feed_position, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
      ),
      due: db.prepare<[number, number, number], Row>(
        `SELECT ${COLUMNS} FROM wallet_notifications
         WHERE status = 'pending' AND next_attempt_at <= ? AND (leased_until IS NULL OR leased_until <= ?)
         ORDER BY feed_position, id ${BOUND_LIMIT}`,
      ),
      lease: db.prepare<[string, number, string]>('UPDATE wallet_notifications SET leased_by = ?, leased_until = ? WHERE id = ?'),
      saveAttempt: db.prepare<[string, number | null, string | null, string]>(
        `UPDATE wallet_notifications SET status = ?, next_attempt_at = ?, last_error = ?, attempts = attempts + 1,
           leased_by = NULL, leased_until = NULL WHERE id = ?`,
      ),
      get: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM wallet_notifications WHERE id = ?`),
    };
    this.recordTransaction = db.transaction((notifications: readonly NewWalletNotification[]) => {
      for (const n of notifications) {
        const created = n.createdAt.getTime();
        this.statements.insert.run(n.id, JSON.stringify(n.work), sortablePosition(n.position), created, created);
      }
    });
    this.claimTransaction = db.transaction(({ holder, now, ttlMs }: WalletNotificationLease, limit: number): Row[] => {
      const rows = this.statements.due.all(now.getTime(), now.getTime(), limit);
      for (const row of rows) this.statements.lease.run(holder, now.getTime() + ttlMs, row.id);
      return rows;
    });
  }

  static open(file: string): SqliteWalletNotificationStore {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const db = new Database(file, { timeout: 5000 });
    try {
      db.pragma('journal_mode = WAL');
      // A notification lost to a power cut is recorded again: its feed's checkpoint moves back with it.
      db.pragma('synchronous = NORMAL');
      return new SqliteWalletNotificationStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async record(notifications: readonly NewWalletNotification[]): Promise<void> {
    if (notifications.length > 0) this.recordTransaction(notifications);
  }

  async claimDue(lease: WalletNotificationLease, limit: number): Promise<WalletNotification[]> {
    return this.claimTransaction.immediate(lease, limit).map(toNotification);
  }

  async saveAttempt(id: string, outcome: AttemptOutcome): Promise<void> {
    this.statements.saveAttempt.run(outcome.status, outcome.nextAttemptAt?.getTime() ?? null, outcome.error, id);
  }

  async get(id: string): Promise<WalletNotification | null> {
    const row = this.statements.get.get(id);
    return row ? toNotification(row) : null;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function toNotification(row: Row): WalletNotification {
  const status = STATUSES.find((candidate) => candidate === row.status);
  if (status === undefined) throw new Error(`Wallet notification row has an unknown status '${row.status}'`);
  return {
    id: row.id,
    work: walletWork.parse(JSON.parse(row.work)),
    position: positionFromSortable(row.feed_position),
    createdAt: new Date(row.created_at),
    status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
    lastError: row.last_error,
  };
}

/**
 * Converts the embedded wallet notification store of before the work store (`wallet-notifications.sqlite`)
 * once: its notifications, pending or done, become work items, and its table is dropped. Run when the
 * stores open; a conversion cut short is done again, and what it had adopted already is left as it is.
 */
import fs from 'node:fs';
import type { WorkStore } from '@passes/background-work';
import Database from 'better-sqlite3';
import { legacyNotificationItem } from './legacy-notification';

const PAGE_SIZE = 1000;

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

export async function convertSqliteWalletNotifications(file: string, work: WorkStore): Promise<void> {
  if (!fs.existsSync(file)) return;
  const db = new Database(file, { timeout: 5000 });
  try {
    const table = db.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get('wallet_notifications');
    if (table === undefined) return;
    const page = db.prepare<[string, number], Row>(
      'SELECT id, work, feed_position, status, attempts, next_attempt_at, last_error, created_at FROM wallet_notifications WHERE id > ? ORDER BY id LIMIT ?',
    );
    for (let after = ''; ; ) {
      const rows = page.all(after, PAGE_SIZE);
      await work.adopt(rows.map(toItem));
      const last = rows.at(-1);
      if (last === undefined) break;
      after = last.id;
    }
    db.exec('DROP TABLE wallet_notifications');
  } finally {
    db.close();
  }
}

function toItem(row: Row) {
  const work: unknown = JSON.parse(row.work);
  return legacyNotificationItem({
    id: row.id,
    work,
    position: row.feed_position,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
  });
}

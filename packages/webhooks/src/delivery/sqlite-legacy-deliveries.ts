/**
 * Converts the embedded delivery store of before the work store (`webhook-deliveries.sqlite`) once: its
 * deliveries, pending or done, become work items, and its tables are dropped. Run when the stores open;
 * a conversion cut short is done again, and what it had adopted already is left as it is.
 */
import fs from 'node:fs';
import type { WorkStore } from '@passes/background-work';
import Database from 'better-sqlite3';
import { legacyDeliveryItem } from './legacy-delivery';

const PAGE_SIZE = 1000;

interface Row {
  sequence: number;
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

export async function convertSqliteDeliveries(file: string, work: WorkStore): Promise<void> {
  if (!fs.existsSync(file)) return;
  const db = new Database(file, { timeout: 5000 });
  try {
    const columns = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all('deliveries');
    if (columns.length === 0) return;
    // Deliveries recorded before they carried their event's place in the feed have none: they go first.
    const position = columns.some((column) => column.name === 'feed_position') ? 'feed_position' : "''";
    const page = db.prepare<[number, number], Row>(
      `SELECT sequence, id, webhook_id, business_id, event, body, ${position} AS feed_position, status, attempts,
         last_attempt_at, last_response_code, last_error, next_attempt_at, created_at
       FROM deliveries WHERE sequence > ? ORDER BY sequence LIMIT ?`,
    );
    for (let after = 0; ; ) {
      const rows = page.all(after, PAGE_SIZE);
      await work.adopt(rows.map(toItem));
      const last = rows.at(-1);
      if (last === undefined) break;
      after = last.sequence;
    }
    db.exec('DROP TABLE deliveries; DROP TABLE IF EXISTS webhook_leases;');
  } finally {
    db.close();
  }
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

function toItem(row: Row) {
  return legacyDeliveryItem({
    id: row.id,
    webhookId: row.webhook_id,
    businessId: row.business_id,
    event: row.event,
    body: row.body,
    position: row.feed_position,
    status: row.status,
    attempts: row.attempts,
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    lastResponseCode: row.last_response_code,
    lastError: row.last_error,
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    createdAt: new Date(row.created_at),
  });
}

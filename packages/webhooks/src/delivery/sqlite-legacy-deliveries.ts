/**
 * Converts the embedded delivery store of before the work store (`webhook-deliveries.sqlite`) once, when
 * the stores open: its deliveries, pending or done, become work items.
 */
import { convertSqliteTable, type WorkStore } from '@passes/background-work';
import { legacyDeliveryItem } from './legacy-delivery';

interface Row {
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

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

export function convertSqliteDeliveries(file: string, work: WorkStore): Promise<void> {
  return convertSqliteTable<Row>(file, work, {
    table: 'deliveries',
    // Deliveries recorded before they carried their event's place in the feed have none: they go first.
    columns: (existing) =>
      `id, webhook_id, business_id, event, body, ${existing.includes('feed_position') ? 'feed_position' : "'' AS feed_position"}, status, attempts,
       last_attempt_at, last_response_code, last_error, next_attempt_at, created_at`,
    alsoDrop: ['webhook_leases'],
    toItem: (row) =>
      legacyDeliveryItem({
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
      }),
  });
}

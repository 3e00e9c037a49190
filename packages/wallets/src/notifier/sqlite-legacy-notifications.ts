/**
 * Converts the embedded wallet notification store of before the work store (`wallet-notifications.sqlite`)
 * once, when the stores open: its notifications, pending or done, become work items.
 */
import { convertSqliteTable, type WorkStore } from '@passes/background-work';
import { legacyNotificationItem } from './legacy-notification';

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

export function convertSqliteWalletNotifications(file: string, work: WorkStore): Promise<void> {
  return convertSqliteTable<Row>(file, work, {
    table: 'wallet_notifications',
    columns: () => 'id, work, feed_position, status, attempts, next_attempt_at, last_error, created_at',
    toItem: (row) => {
      const payload: unknown = JSON.parse(row.work);
      return legacyNotificationItem({
        id: row.id,
        work: payload,
        position: row.feed_position,
        status: row.status,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
        lastError: row.last_error,
        createdAt: new Date(row.created_at),
      });
    },
  });
}

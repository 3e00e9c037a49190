/**
 * A wallet notification as the notification store of before the work store kept it, turned into a work
 * item: what the SQLite and MongoDB conversions share.
 */
import type { WorkItem, WorkStatus } from '@passes/background-work';
import { WALLET_NOTIFICATION } from './wallet-notification-kind';

export interface LegacyNotification {
  id: string;
  /** A WalletWork, checked when claimed. */
  work: unknown;
  /** The event's place in the feed, sortable. */
  position: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

const STATUS: Record<string, WorkStatus> = { pending: 'pending', done: 'done', failed: 'dead' };

export function legacyNotificationItem(notification: LegacyNotification): WorkItem {
  const status = STATUS[notification.status];
  if (status === undefined) throw new Error(`Wallet notification ${notification.id} has an unknown status '${notification.status}'`);
  return {
    id: notification.id,
    kind: WALLET_NOTIFICATION.name,
    group: null,
    order: notification.position,
    payload: notification.work,
    status,
    attempts: notification.attempts,
    dueAt: status === 'pending' ? (notification.nextAttemptAt ?? notification.createdAt) : null,
    lastAttemptAt: null,
    lastCode: null,
    lastError: notification.lastError,
    createdAt: notification.createdAt,
  };
}

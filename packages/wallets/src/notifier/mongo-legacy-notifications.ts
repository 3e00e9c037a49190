/**
 * Converts the distributed wallet notification store of before the work store (`wallet_notifications`)
 * once, when the stores open: its notifications, pending or done, become work items.
 */
import type { WorkStore } from '@passes/background-work';
import { convertMongoCollection } from '@passes/background-work/distributed';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { legacyNotificationItem } from './legacy-notification';

const notificationDocument = z.object({
  _id: z.string(),
  work: z.unknown(),
  position: z.string(),
  status: z.string(),
  attempts: z.number(),
  nextAttemptAt: z.date().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
});

export function convertMongoWalletNotifications(db: Db, work: WorkStore): Promise<void> {
  return convertMongoCollection(db, work, {
    collection: 'wallet_notifications',
    toItem: (document) => {
      const { _id, ...notification } = notificationDocument.parse(document);
      return legacyNotificationItem({ id: _id, ...notification });
    },
  });
}

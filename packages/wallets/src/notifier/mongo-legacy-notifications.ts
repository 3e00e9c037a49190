/**
 * Converts the distributed wallet notification store of before the work store (`wallet_notifications`)
 * once: its notifications, pending or done, become work items, and its collection is dropped. Run when
 * the stores open; a conversion cut short is done again, and what it had adopted already is left as it is.
 */
import type { WorkStore } from '@passes/background-work';
import { onMongo } from '@passes/storage/distributed';
import type { Db } from 'mongodb';
import { legacyNotificationItem, type LegacyNotification } from './legacy-notification';

const STORE = 'wallet notification store conversion';
const PAGE_SIZE = 1000;

interface NotificationDocument extends Omit<LegacyNotification, 'id'> {
  _id: string;
}

export async function convertMongoWalletNotifications(db: Db, work: WorkStore): Promise<void> {
  const existing = await onMongo(STORE, () => db.listCollections({ name: 'wallet_notifications' }, { nameOnly: true }).toArray());
  if (existing.length === 0) return;
  const notifications = db.collection<NotificationDocument>('wallet_notifications');
  for (let after = ''; ; ) {
    const page = await onMongo(STORE, () => notifications.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit: PAGE_SIZE }).toArray());
    await work.adopt(page.map(({ _id, ...notification }) => legacyNotificationItem({ id: _id, ...notification })));
    const last = page.at(-1);
    if (last === undefined) break;
    after = last._id;
  }
  await onMongo(STORE, () => notifications.drop());
}

/**
 * Converts the distributed delivery store of before the work store (`webhook_deliveries`, leases in
 * `webhook_leases`) once: its deliveries, pending or done, become work items, and its collections are
 * dropped. Run when the stores open; a conversion cut short is done again, and what it had adopted
 * already is left as it is.
 */
import type { WorkStore } from '@passes/background-work';
import { onMongo } from '@passes/storage/distributed';
import type { Db } from 'mongodb';
import { legacyDeliveryItem, type LegacyDelivery } from './legacy-delivery';

const STORE = 'delivery store conversion';
const PAGE_SIZE = 1000;

interface DeliveryDocument extends Omit<LegacyDelivery, 'id'> {
  _id: string;
}

export async function convertMongoDeliveries(db: Db, work: WorkStore): Promise<void> {
  const existing = await onMongo(STORE, () => db.listCollections({ name: 'webhook_deliveries' }, { nameOnly: true }).toArray());
  if (existing.length === 0) return;
  const deliveries = db.collection<DeliveryDocument>('webhook_deliveries');
  for (let after = ''; ; ) {
    const page = await onMongo(STORE, () => deliveries.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit: PAGE_SIZE }).toArray());
    await work.adopt(page.map(({ _id, ...delivery }) => legacyDeliveryItem({ id: _id, ...delivery })));
    const last = page.at(-1);
    if (last === undefined) break;
    after = last._id;
  }
  await onMongo(STORE, () => deliveries.drop());
  const leases = await onMongo(STORE, () => db.listCollections({ name: 'webhook_leases' }, { nameOnly: true }).toArray());
  if (leases.length > 0) await onMongo(STORE, () => db.collection('webhook_leases').drop());
}

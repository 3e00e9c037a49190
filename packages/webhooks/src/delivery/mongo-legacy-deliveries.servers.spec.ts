/** The distributed delivery store of before the work store, converted when the stores open: pending ones still go, history still listed. */
import { expect, it } from '@jest/globals';
import { MongoWorkStore } from '@passes/background-work/distributed';
import { describeWithServer, freshMongoDatabase } from '@passes/testkit';
import { DeliveryLog } from './delivery-log';
import { convertMongoDeliveries } from './mongo-legacy-deliveries';
import { WEBHOOK_DELIVERY } from './webhook-delivery-kind';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date(T0.getTime() + 60_000);

function oldDelivery(id: string, position: string, status: string, attempts: number, nextAttemptAt: Date | null) {
  return {
    _id: id,
    webhookId: 'w-1',
    businessId: 'b-1',
    event: 'pass.created',
    body: `{"id":"${id}"}`,
    position,
    status,
    attempts,
    lastAttemptAt: attempts > 0 ? T0 : null,
    lastResponseCode: attempts > 0 ? 500 : null,
    lastError: null,
    nextAttemptAt,
    createdAt: T0,
  };
}

describeWithServer('mongodb', 'converting the MongoDB delivery store of before', (url) => {
  it('carries every delivery over as it stood: the log lists them, the pending ones still go, once', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    await db.collection<ReturnType<typeof oldDelivery>>('webhook_deliveries').insertMany([
      oldDelivery('delivered', '0000000000000000000000000000000000000010', 'delivered', 1, null),
      oldDelivery('retrying', '0000000000000000000000000000000000000020', 'pending', 1, LATER),
      oldDelivery('new', '0000000000000000000000000000000000000030', 'pending', 0, T0),
    ]);
    await db.collection<{ _id: string; holder: string; until: Date }>('webhook_leases').insertOne({ _id: 'w-1', holder: 'old', until: T0 });
    const work = await MongoWorkStore.open(db);

    // Two processes starting together, then one more start.
    await Promise.all([convertMongoDeliveries(db, work), convertMongoDeliveries(db, work)]);
    await convertMongoDeliveries(db, work);

    const log = new DeliveryLog(work);
    expect((await log.listByWebhook('w-1', 10)).map((d) => [d.id, d.status, d.attempts])).toEqual([
      ['new', 'pending', 0],
      ['retrying', 'pending', 1],
      ['delivered', 'delivered', 1],
    ]);
    expect(await log.get('retrying')).toMatchObject({ lastResponseCode: 500, nextAttemptAt: LATER, body: '{"id":"retrying"}' });
    expect((await work.claimDue(WEBHOOK_DELIVERY.name, { holder: 'h', now: T0, ttlMs: 1 }, 10)).map((item) => item.id)).toEqual(['new']);
    expect((await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name).sort()).toEqual(['work_group_leases', 'work_items']);
    await dispose();
  });
});

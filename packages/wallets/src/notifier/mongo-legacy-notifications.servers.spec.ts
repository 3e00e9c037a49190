/** The distributed wallet notification store of before the work store, converted when the stores open: pending ones still go. */
import { expect, it } from '@jest/globals';
import { MongoWorkStore } from '@passes/background-work/distributed';
import { describeWithServer, freshMongoDatabase } from '@passes/testkit';
import { convertMongoWalletNotifications } from './mongo-legacy-notifications';
import { WALLET_NOTIFICATION } from './wallet-notification-kind';

const T0 = new Date('2026-11-21T10:00:00.000Z');

function oldNotification(id: string, work: object, position: string, status: string, attempts: number, nextAttemptAt: Date | null) {
  return { _id: id, work, position, status, attempts, nextAttemptAt, leasedBy: null, leasedUntil: null, lastError: null, createdAt: T0 };
}

describeWithServer('mongodb', 'converting the MongoDB wallet notification store of before', (url) => {
  it('carries every notification over as it stood, the pending ones due as they were, once', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    await db.collection<ReturnType<typeof oldNotification>>('wallet_notifications').insertMany([
      oldNotification('wn_done', { kind: 'google_object', passId: 'p-1' }, '0000000000000000000000000000000000000001', 'done', 1, null),
      oldNotification('wn_new', { kind: 'google_class', templateId: 't-1' }, '0000000000000000000000000000000000000002', 'pending', 0, T0),
    ]);
    const work = await MongoWorkStore.open(db);

    await convertMongoWalletNotifications(db, work);
    await convertMongoWalletNotifications(db, work);

    expect(await work.get('wn_done')).toMatchObject({ kind: WALLET_NOTIFICATION.name, status: 'done', attempts: 1, dueAt: null });
    expect((await work.claimDue(WALLET_NOTIFICATION.name, { holder: 'h', now: T0, ttlMs: 1 }, 10)).map((item) => [item.id, item.payload])).toEqual([
      ['wn_new', { kind: 'google_class', templateId: 't-1' }],
    ]);
    expect(await db.listCollections({ name: 'wallet_notifications' }).toArray()).toEqual([]);
    await dispose();
  });
});

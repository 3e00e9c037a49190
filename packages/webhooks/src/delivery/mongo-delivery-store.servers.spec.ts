import { describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { positionOfInteger } from '@passes/event-store';
import { StoreUnavailableError } from '@passes/storage';
import { describeWithServer, freshMongoDatabase, mongoStoreSubject } from '@passes/testkit';
import { describeDeliveryStoreContract } from '../testing/delivery-store.contract';
import type { NewDelivery } from './delivery-store';
import { MongoDeliveryStore } from './mongo-delivery-store';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const LEASE = { holder: 'dispatcher-1', now: T0, ttlMs: 30_000 };

function delivery(id: string, webhookId: string, position: bigint): NewDelivery {
  return { id, webhookId, businessId: 'business-1', event: 'pass.created', body: '{}', position: positionOfInteger(position), createdAt: T0 };
}

describeWithServer('mongodb', 'MongoDeliveryStore', (url) => {
  describeDeliveryStoreContract('MongoDeliveryStore', mongoStoreSubject(url, (db) => MongoDeliveryStore.open(db)));

  it('orders by the feed, not by the text of positions', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const store = await MongoDeliveryStore.open(db);
    // As text, '10' < '9' and 2^64 + 1 < 3.
    await store.record([delivery('d-10', 'w-a', 10n), delivery('d-9', 'w-a', 9n), delivery('d-big', 'w-b', 2n ** 64n + 1n), delivery('d-3', 'w-c', 3n)]);
    expect((await store.claimDue(LEASE, 10)).map((d) => d.id)).toEqual(['d-3', 'd-9', 'd-big']);
    expect((await store.listByWebhook('w-a', 10)).map((d) => d.id)).toEqual(['d-10', 'd-9']);
    await dispose();
  });

  it('looks past a webhook with a long backlog for the others due', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const store = await MongoDeliveryStore.open(db);
    const backlog = Array.from({ length: 30 }, (_, index) => delivery(`a-${index}`, 'w-a', BigInt(index + 1)));
    await store.record([...backlog, delivery('b-1', 'w-b', 100n), delivery('c-1', 'w-c', 101n)]);
    expect((await store.claimDue(LEASE, 3)).map((d) => d.id)).toEqual(['a-0', 'b-1', 'c-1']);
    await dispose();
  });

  // Every dispatcher opens the store on one database: the indexes are found there already.
  it('leases a webhook to one of the dispatchers opened on one database', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const [first, second] = [await MongoDeliveryStore.open(db), await MongoDeliveryStore.open(db)];
    await first.record([delivery('a-1', 'w-a', 1n)]);
    expect((await first.claimDue(LEASE, 10)).map((d) => d.id)).toEqual(['a-1']);
    expect(await second.claimDue({ ...LEASE, holder: 'dispatcher-2' }, 10)).toEqual([]);
    await dispose();
  });

  it('fails every call with StoreUnavailableError once the connection is gone', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 300 });
    const store = await MongoDeliveryStore.open(client.db(db.databaseName));
    await client.close();
    const attempt = { status: 'delivered', attemptedAt: T0, responseCode: 200, error: null, nextAttemptAt: null } as const;
    const calls: Array<() => Promise<unknown>> = [
      () => store.record([delivery('a-1', 'w-a', 1n)]),
      () => store.claimDue(LEASE, 10),
      () => store.release('w-a', 'dispatcher-1'),
      () => store.saveAttempt('a-1', attempt),
      () => store.cancel('a-1'),
      () => store.reschedule('a-1', T0),
      () => store.get('a-1'),
      () => store.listByWebhook('w-a', 10),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(StoreUnavailableError);
    await dispose();
  });
});

describe('MongoDeliveryStore without a reachable server', () => {
  it('fails to open with StoreUnavailableError instead of hanging', async () => {
    // Port 9 (discard) has no listener on loopback here.
    const client = new MongoClient('mongodb://127.0.0.1:9', { serverSelectionTimeoutMS: 300 });
    await expect(MongoDeliveryStore.open(client.db('passes'))).rejects.toBeInstanceOf(StoreUnavailableError);
    await client.close();
  });
});

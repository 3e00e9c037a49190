/** The MongoDB work store against the test server: the contract suite, and what only a store without transactions must show. */
import { describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { StoreUnavailableError } from '@passes/storage';
import { describeWithServer, freshMongoDatabase, mongoStoreSubject } from '@passes/testkit';
import { describeWorkStoreContract } from '../testing/work-store.contract';
import type { NewWork } from '../work-store';
import { MongoWorkStore } from './mongo-work-store';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const LEASE = { holder: 'runner-1', now: T0, ttlMs: 30_000 };

function work(id: string, group: string | null, order: string): NewWork {
  return { id, kind: 'k', group, order, payload: {}, dueAt: T0, createdAt: T0 };
}

describeWithServer('mongodb', 'MongoWorkStore', (url) => {
  describeWorkStoreContract('MongoWorkStore', mongoStoreSubject(url, (db) => MongoWorkStore.open(db)));

  it('looks past a group with a long backlog for the others due', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const store = await MongoWorkStore.open(db);
    const backlog = Array.from({ length: 30 }, (_, index) => work(`a-${index}`, 'a', String(index).padStart(3, '0')));
    await store.record([...backlog, work('b-1', 'b', '100'), work('c-1', null, '101')]);
    expect((await store.claimDue('k', LEASE, 3)).map((item) => item.id)).toEqual(['a-0', 'b-1', 'c-1']);
    await dispose();
  });

  // Every runner opens the store on one database: the indexes are found there already.
  it('leases a group to one of the runners opened on one database', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const [first, second] = [await MongoWorkStore.open(db), await MongoWorkStore.open(db)];
    await first.record([work('a-1', 'a', '1'), work('a-2', 'a', '2')]);
    expect((await first.claimDue('k', LEASE, 10)).map((item) => item.id)).toEqual(['a-1']);
    expect(await second.claimDue('k', { ...LEASE, holder: 'runner-2' }, 10)).toEqual([]);
    await dispose();
  });

  it('fails every call with StoreUnavailableError once the connection is gone', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 300 });
    const store = await MongoWorkStore.open(client.db(db.databaseName));
    await client.close();
    const attempt = { at: T0, code: 200, error: null };
    const calls: Array<() => Promise<unknown>> = [
      () => store.record([work('a-1', 'a', '1')]),
      () => store.claimDue('k', LEASE, 10),
      () => store.release('a-1', 'runner-1'),
      () => store.complete('a-1', attempt),
      () => store.fail('a-1', attempt, null),
      () => store.cancel('a-1'),
      () => store.reschedule('a-1', T0),
      () => store.get('a-1'),
      () => store.list({ kind: 'k', limit: 10 }),
      () => store.backlog(),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(StoreUnavailableError);
    await dispose();
  });
});

describe('MongoWorkStore without a reachable server', () => {
  it('fails to open with StoreUnavailableError instead of hanging', async () => {
    // Port 9 (discard) has no listener on loopback here.
    const client = new MongoClient('mongodb://127.0.0.1:9', { serverSelectionTimeoutMS: 300 });
    await expect(MongoWorkStore.open(client.db('passes'))).rejects.toBeInstanceOf(StoreUnavailableError);
    await client.close();
  });
});

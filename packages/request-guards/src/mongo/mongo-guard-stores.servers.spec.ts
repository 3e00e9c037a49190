import { describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { StoreUnavailableError } from '@passes/storage';
import { describeWithServer, freshMongoDatabase, mongoStoreSubject } from '@passes/testkit';
import { CONTRACT_TIMINGS, contractClock, describeIdempotencyStoreContract } from '../testing/idempotency-store.contract';
import { describeRateLimitStoreContract } from '../testing/rate-limit-store.contract';
import { MongoIdempotencyStore } from './mongo-idempotency-store';
import { MongoRateLimitStore } from './mongo-rate-limit-store';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;

describeWithServer('mongodb', 'Mongo guard stores', (url) => {
  describeRateLimitStoreContract('MongoRateLimitStore', mongoStoreSubject(url, (db) => MongoRateLimitStore.open(db)));
  describeIdempotencyStoreContract(
    'MongoIdempotencyStore',
    async () => {
      const { db, dispose } = await freshMongoDatabase(url);
      const store = await MongoIdempotencyStore.open(db, CONTRACT_TIMINGS, contractClock);
      const opened = [store];
      return {
        store,
        openAnother: async () => {
          const another = await MongoIdempotencyStore.open(db, CONTRACT_TIMINGS, contractClock);
          opened.push(another);
          return another;
        },
        dispose: async () => {
          for (const each of opened) await each.close();
          await dispose();
        },
      };
    },
    { shared: true },
  );

  // Every API process opens the stores on one database: the indexes are found there already.
  it('counts the hits of every process opened on one database', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const [first, second] = [await MongoRateLimitStore.open(db), await MongoRateLimitStore.open(db)];
    await first.hit('ip:127.0.0.1', MINUTE, NOW);
    expect(await second.hit('ip:127.0.0.1', MINUTE, NOW)).toEqual({ count: 2, resetsAt: NOW.getTime() + MINUTE });
    await dispose();
  });

  it('never gives one count to two processes told the limit, so no more than the limit get through', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const [first, second] = [await MongoRateLimitStore.open(db), await MongoRateLimitStore.open(db)];
    const limit = 100;
    const hits = await Promise.all(Array.from({ length: 120 }, (_, index) => (index % 2 === 0 ? first : second).hit('credential:api_key:k', MINUTE, NOW, limit)));
    const counts = hits.map((window) => window.count);
    expect(new Set(counts).size).toBe(counts.length);
    expect(counts.filter((count) => count <= limit).length).toBeLessThanOrEqual(limit);
    // A block is a sixteenth of the room left at most: the first process's first block of six left room for the second.
    expect(counts.filter((count) => count <= limit).length).toBeGreaterThanOrEqual(limit - 2 * (limit / 16));
    await dispose();
  });

  it('takes counts in blocks while far from the limit: fewer commands than hits', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const store = await MongoRateLimitStore.open(db);
    for (let hit = 0; hit < 20; hit += 1) await store.hit('credential:api_key:k', MINUTE, NOW, 1_000_000);
    const window = await db.collection('rate_windows').findOne({ key: 'credential:api_key:k' });
    expect(window?.['count']).toBe(100);
    await dispose();
  });

  it('lets every process opened on one database see a claim', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const [first, second] = [await MongoIdempotencyStore.open(db, CONTRACT_TIMINGS, contractClock), await MongoIdempotencyStore.open(db, CONTRACT_TIMINGS, contractClock)];
    const request = { scope: 'api_key:key-1', key: 'key-1', fingerprint: 'POST /passes abc', now: NOW };
    expect(await first.claim(request)).toEqual({ outcome: 'claimed' });
    expect(await second.claim(request)).toEqual({ outcome: 'in_progress' });
    await Promise.all([first.close(), second.close()]);
    await dispose();
  });

  it('fails every call with StoreUnavailableError once the connection is gone', async () => {
    const { db, dispose } = await freshMongoDatabase(url);
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 300 });
    const rateLimits = await MongoRateLimitStore.open(client.db(db.databaseName));
    const idempotencyKeys = await MongoIdempotencyStore.open(client.db(db.databaseName), CONTRACT_TIMINGS, contractClock);
    await client.close();
    const calls: Array<() => Promise<unknown>> = [
      () => rateLimits.hit('ip:127.0.0.1', MINUTE, NOW),
      () => rateLimits.purge(NOW),
      () => idempotencyKeys.claim({ scope: 's', key: 'k', fingerprint: 'f', now: NOW }),
      () => idempotencyKeys.complete('s', 'k', { status: 200, body: '{}' }),
      () => idempotencyKeys.release('s', 'k'),
      () => idempotencyKeys.purge(NOW),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(StoreUnavailableError);
    await dispose();
  });
});

describe('Mongo guard stores without a reachable server', () => {
  it('fail to open with StoreUnavailableError instead of hanging', async () => {
    // Port 9 (discard) has no listener on loopback here.
    const client = new MongoClient('mongodb://127.0.0.1:9', { serverSelectionTimeoutMS: 300 });
    await expect(MongoRateLimitStore.open(client.db('passes'))).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(MongoIdempotencyStore.open(client.db('passes'), CONTRACT_TIMINGS, contractClock)).rejects.toBeInstanceOf(StoreUnavailableError);
    await client.close();
  });
});

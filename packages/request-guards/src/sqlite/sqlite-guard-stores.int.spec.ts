import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_TIMINGS, describeIdempotencyStoreContract } from '../testing/idempotency-store.contract';
import { describeRateLimitStoreContract } from '../testing/rate-limit-store.contract';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store';
import { SqliteRateLimitStore } from './sqlite-rate-limit-store';

function inTempDir<Store extends { close(): Promise<void> }>(open: (file: string) => Store) {
  return async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-guards-'));
    const store = open(path.join(dir, 'guards.sqlite'));
    return {
      store,
      dispose: async () => {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  };
}

describeRateLimitStoreContract('SQLite', inTempDir((file) => SqliteRateLimitStore.open(file)));

describe('SqliteRateLimitStore across a restart', () => {
  const MINUTE = 60_000;
  const now = new Date('2026-11-21T10:00:30.000Z');

  it('counts on from the running window a closed store wrote, and starts afresh in the next window', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-guards-'));
    const file = path.join(dir, 'guards.sqlite');
    try {
      const before = SqliteRateLimitStore.open(file);
      for (let hit = 0; hit < 3; hit += 1) await before.hit('ip:127.0.0.1', MINUTE, now);
      await before.close();

      const after = SqliteRateLimitStore.open(file);
      expect((await after.hit('ip:127.0.0.1', MINUTE, now)).count).toBe(4);
      expect((await after.hit('ip:127.0.0.1', MINUTE, new Date(now.getTime() + MINUTE))).count).toBe(1);
      await after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
describeIdempotencyStoreContract(
  'SQLite',
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-guards-'));
    const open = () => SqliteIdempotencyStore.open(path.join(dir, 'idempotency.sqlite'), CONTRACT_TIMINGS);
    const store = open();
    const opened = [store];
    return {
      store,
      openAnother: async () => {
        const another = open();
        opened.push(another);
        return another;
      },
      dispose: async () => {
        for (const each of opened) await each.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  { shared: false },
);

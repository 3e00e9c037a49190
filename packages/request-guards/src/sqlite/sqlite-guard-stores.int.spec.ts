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
describeIdempotencyStoreContract('SQLite', inTempDir((file) => SqliteIdempotencyStore.open(file, CONTRACT_TIMINGS)));

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { positionOfInteger } from '@passes/event-store';
import { describeDeliveryStoreContract } from '../testing/delivery-store.contract';
import { SqliteDeliveryStore } from './sqlite-delivery-store';

let directory = '';
let files = 0;
const freshFile = () => path.join(directory, `deliveries-${++files}.sqlite`);

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-store-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describeDeliveryStoreContract('SqliteDeliveryStore', async () => {
  const store = SqliteDeliveryStore.open(freshFile());
  return { store, dispose: () => store.close() };
});

describe('SqliteDeliveryStore', () => {
  it('keeps pending deliveries across a reopen', async () => {
    const file = freshFile();
    const first = SqliteDeliveryStore.open(file);
    const createdAt = new Date('2026-11-21T10:00:00.000Z');
    await first.record([{ id: 'd-1', webhookId: 'w-1', businessId: 'b-1', event: 'pass.voided', body: '{}', position: positionOfInteger(42), createdAt }]);
    await first.close();
    const second = SqliteDeliveryStore.open(file);
    expect((await second.claimDue({ holder: 'h', now: createdAt, ttlMs: 1000 }, 10)).map((d) => d.id)).toEqual(['d-1']);
    await second.close();
  });

  it('takes over a file written before deliveries carried their place in the feed, keeping its pending ones first', async () => {
    const file = freshFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE deliveries (sequence INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, webhook_id TEXT NOT NULL,
      business_id TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL,
      last_attempt_at INTEGER, last_response_code INTEGER, last_error TEXT, next_attempt_at INTEGER, created_at INTEGER NOT NULL) STRICT;
      CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
      INSERT INTO deliveries (id, webhook_id, business_id, event, body, status, attempts, next_attempt_at, created_at)
        VALUES ('old', 'w-1', 'b-1', 'pass.created', '{}', 'pending', 0, 0, 0);`);
    old.close();
    const store = SqliteDeliveryStore.open(file);
    await store.record([{ id: 'new', webhookId: 'w-1', businessId: 'b-1', event: 'pass.created', body: '{}', position: positionOfInteger(1), createdAt: new Date(0) }]);
    expect((await store.claimDue({ holder: 'h', now: new Date(0), ttlMs: 1000 }, 10)).map((d) => [d.id, d.position])).toEqual([['old', '0']]);
    await store.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  it('keeps pending deliveries and the checkpoint across a reopen', async () => {
    const file = freshFile();
    const first = SqliteDeliveryStore.open(file);
    const createdAt = new Date('2026-11-21T10:00:00.000Z');
    await first.record([{ id: 'd-1', webhookId: 'w-1', businessId: 'b-1', event: 'pass.voided', body: '{}', createdAt }], 42);
    await first.close();
    const second = SqliteDeliveryStore.open(file);
    expect(await second.checkpoint()).toBe(42);
    expect((await second.nextDue(createdAt, [], 10)).map((d) => d.id)).toEqual(['d-1']);
    await second.close();
  });
});

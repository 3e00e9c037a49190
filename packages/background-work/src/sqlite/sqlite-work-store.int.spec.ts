/** The SQLite work store: the contract suite on temp files, and what a file keeps across a reopen. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeWorkStoreContract } from '../testing/work-store.contract';
import { SqliteWorkStore } from './sqlite-work-store';

let directory = '';
let files = 0;
const freshFile = () => path.join(directory, `work-${++files}.sqlite`);

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'work-store-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describeWorkStoreContract('SqliteWorkStore', async () => {
  const store = SqliteWorkStore.open(freshFile());
  return { store, dispose: () => store.close() };
});

describe('SqliteWorkStore', () => {
  it('keeps pending items across a reopen', async () => {
    const file = freshFile();
    const first = SqliteWorkStore.open(file);
    const dueAt = new Date('2026-11-21T10:00:00.000Z');
    await first.record([{ id: 'w-1', kind: 'k', group: 'g', order: '1', payload: {}, dueAt, createdAt: dueAt }]);
    await first.close();
    const second = SqliteWorkStore.open(file);
    expect((await second.claimDue('k', { holder: 'h', now: dueAt, ttlMs: 1000 }, 10)).map((item) => item.id)).toEqual(['w-1']);
    await second.close();
  });
});

/** The engine's sweep of settled work, on a SQLite work store in a temp file. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteWorkStore } from '../sqlite/sqlite-work-store';
import type { NewWork } from '../work-store';
import { SETTLED_WORK_PAGE, SETTLED_WORK_SWEEP, SettledWorkSweep } from './settled-work-sweep';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-28T10:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

let directory = '';
let store: SqliteWorkStore;

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'settled-sweep-'));
  store = SqliteWorkStore.open(path.join(directory, 'work.sqlite'));
});
afterEach(async () => {
  await store.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const items = (prefix: string, count: number, createdAt: Date): NewWork[] =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}-${index}`, kind: 'k', group: null, order: `${prefix}-${String(index).padStart(6, '0')}`, payload: {}, dueAt: createdAt, createdAt }));

async function settle(done: readonly NewWork[], at: Date): Promise<void> {
  for (const item of done) await store.complete(item.id, { at, code: 200, error: null });
}

const sweep = () => new SettledWorkSweep(store, { retentionMs: 30 * DAY_MS, now: () => NOW });
const occurrence = { id: 'sweep@1', kind: SETTLED_WORK_SWEEP.name, group: null, order: '1', payload: {}, status: 'pending' as const, attempts: 0, dueAt: NOW, lastAttemptAt: null, lastCode: null, lastError: null, createdAt: NOW };

describe('the settled work sweep', () => {
  it('given more settled items past the retention than a page holds, removes them all and keeps the recent and the pending', async () => {
    const old = items('old', SETTLED_WORK_PAGE * 2 + 34, daysAgo(40));
    const recent = items('recent', 3, daysAgo(40));
    const waiting = items('waiting', 2, daysAgo(40));
    await store.record([...old, ...recent, ...waiting]);
    await settle(old, daysAgo(31));
    await settle(recent, daysAgo(29));

    expect(await sweep().handle(occurrence, new AbortController().signal)).toEqual({ outcome: 'done' });

    const left = await store.list({ kind: 'k', limit: 2_000 });
    expect(left.map((item) => item.id).sort()).toEqual(['recent-0', 'recent-1', 'recent-2', 'waiting-0', 'waiting-1']);
  });

  it('given the runner stopping, removes nothing more and ends the occurrence', async () => {
    const old = items('old', 3, daysAgo(40));
    await store.record(old);
    await settle(old, daysAgo(31));
    const stopping = new AbortController();
    stopping.abort();

    expect(await sweep().handle(occurrence, stopping.signal)).toEqual({ outcome: 'done' });

    expect(await store.list({ kind: 'k', limit: 10 })).toHaveLength(3);
  });
});

/** The embedded delivery store of before the work store, converted when the stores open: pending ones still go, history still listed. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteWorkStore } from '@passes/background-work';
import Database from 'better-sqlite3';
import { DeliveryLog } from './delivery-log';
import { convertSqliteDeliveries } from './sqlite-legacy-deliveries';
import { WEBHOOK_DELIVERY } from './webhook-delivery-kind';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const OLD_SCHEMA = `CREATE TABLE deliveries (sequence INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, webhook_id TEXT NOT NULL,
  business_id TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL,
  last_attempt_at INTEGER, last_response_code INTEGER, last_error TEXT, next_attempt_at INTEGER, created_at INTEGER NOT NULL) STRICT;
  CREATE TABLE webhook_leases (webhook_id TEXT PRIMARY KEY, holder TEXT NOT NULL, until INTEGER NOT NULL) STRICT;`;

let directory = '';
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-deliveries-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

function oldStore(name: string, withFeedPosition: boolean): string {
  const file = path.join(directory, name);
  const old = new Database(file);
  old.exec(OLD_SCHEMA);
  if (withFeedPosition) old.exec("ALTER TABLE deliveries ADD COLUMN feed_position TEXT NOT NULL DEFAULT ''");
  const insert = old.prepare(
    `INSERT INTO deliveries (id, webhook_id, business_id, event, body, status, attempts, last_attempt_at, last_response_code, last_error, next_attempt_at, created_at)
     VALUES (?, 'w-1', 'b-1', 'pass.created', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run('delivered', '{"n":1}', 'delivered', 1, T0 + 1000, 204, null, null, T0);
  insert.run('failed', '{"n":2}', 'failed', 3, T0 + 2000, null, 'timeout', null, T0);
  insert.run('retrying', '{"n":3}', 'pending', 1, T0 + 3000, 500, null, T0 + 60_000, T0);
  insert.run('new', '{"n":4}', 'pending', 0, null, null, null, T0, T0);
  if (withFeedPosition) {
    const positions = ['0000000000000000000000000000000000000010', '0000000000000000000000000000000000000020', '0000000000000000000000000000000000000030', '0000000000000000000000000000000000000040'];
    ['delivered', 'failed', 'retrying', 'new'].forEach((id, index) => old.prepare('UPDATE deliveries SET feed_position = ? WHERE id = ?').run(positions[index], id));
  }
  old.exec("INSERT INTO webhook_leases VALUES ('w-1', 'old-dispatcher', 0)");
  old.close();
  return file;
}

describe('converting the SQLite delivery store of before', () => {
  it('carries every delivery over as it stood: the log lists them, the pending ones still go, once', async () => {
    const file = oldStore('webhook-deliveries.sqlite', true);
    const work = SqliteWorkStore.open(path.join(directory, 'work-1.sqlite'));
    await convertSqliteDeliveries(file, work);
    const log = new DeliveryLog(work);
    expect((await log.listByWebhook('w-1', 10)).map((d) => [d.id, d.status, d.attempts, d.position])).toEqual([
      ['new', 'pending', 0, '40'],
      ['retrying', 'pending', 1, '30'],
      ['failed', 'failed', 3, '20'],
      ['delivered', 'delivered', 1, '10'],
    ]);
    expect(await log.get('retrying')).toMatchObject({ body: '{"n":3}', lastResponseCode: 500, lastAttemptAt: new Date(T0 + 3000), nextAttemptAt: new Date(T0 + 60_000) });
    expect(await log.get('failed')).toMatchObject({ lastError: 'timeout', nextAttemptAt: null });
    const claim = async (at: number) => (await work.claimDue(WEBHOOK_DELIVERY.name, { holder: 'h', now: new Date(at), ttlMs: 1 }, 10)).map((item) => item.id);
    expect(await claim(T0)).toEqual(['new']);
    await work.complete('new', { at: new Date(T0), code: 200, error: null });
    expect(await claim(T0 + 60_000)).toEqual(['retrying']);

    await convertSqliteDeliveries(file, work);
    expect(await log.get('new')).toMatchObject({ status: 'delivered', attempts: 1 });
    const old = new Database(file);
    expect(old.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('deliveries', 'webhook_leases')").all()).toEqual([]);
    old.close();
    await work.close();
  });

  it('takes deliveries recorded before they carried their place in the feed as first in the feed', async () => {
    const file = oldStore('older.sqlite', false);
    const work = SqliteWorkStore.open(path.join(directory, 'work-2.sqlite'));
    await convertSqliteDeliveries(file, work);
    expect((await new DeliveryLog(work).listByWebhook('w-1', 10)).map((d) => d.position)).toEqual(['0', '0', '0', '0']);
    await work.close();
  });

  it('does nothing without a store of before', async () => {
    const work = SqliteWorkStore.open(path.join(directory, 'work-3.sqlite'));
    await convertSqliteDeliveries(path.join(directory, 'absent.sqlite'), work);
    expect(fs.existsSync(path.join(directory, 'absent.sqlite'))).toBe(false);
    expect(await work.backlog()).toEqual([]);
    await work.close();
  });
});

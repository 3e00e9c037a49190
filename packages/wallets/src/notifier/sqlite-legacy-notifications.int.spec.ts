/** The embedded wallet notification store of before the work store, converted when the stores open: pending ones still go. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteWorkStore } from '@passes/background-work';
import Database from 'better-sqlite3';
import { convertSqliteWalletNotifications } from './sqlite-legacy-notifications';
import { WALLET_NOTIFICATION } from './wallet-notification-kind';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const PUSH = { kind: 'apple_push', passId: 'p-1', deviceLibraryIdentifier: 'd-1', pushToken: 'ab'.repeat(32) };

let directory = '';
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-notifications-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe('converting the SQLite wallet notification store of before', () => {
  it('carries every notification over as it stood, the pending ones due as they were, once', async () => {
    const file = path.join(directory, 'wallet-notifications.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE wallet_notifications (id TEXT PRIMARY KEY, work TEXT NOT NULL, feed_position TEXT NOT NULL, status TEXT NOT NULL,
      attempts INTEGER NOT NULL, next_attempt_at INTEGER, leased_by TEXT, leased_until INTEGER, last_error TEXT, created_at INTEGER NOT NULL) STRICT`);
    const insert = old.prepare('INSERT INTO wallet_notifications VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    insert.run('wn_done', JSON.stringify(PUSH), '0000000000000000000000000000000000000001', 'done', 1, null, null, null, null, T0);
    insert.run('wn_failed', JSON.stringify({ kind: 'google_class', templateId: 't-1' }), '0000000000000000000000000000000000000002', 'failed', 4, null, null, null, '400 BadTopic', T0);
    insert.run('wn_retry', JSON.stringify({ kind: 'google_object', passId: 'p-1' }), '0000000000000000000000000000000000000003', 'pending', 1, T0 + 60_000, 'old', T0 + 5000, 'HTTP 503', T0);
    old.close();
    const work = SqliteWorkStore.open(path.join(directory, 'work.sqlite'));

    await convertSqliteWalletNotifications(file, work);
    await convertSqliteWalletNotifications(file, work);

    expect(await work.get('wn_done')).toMatchObject({ kind: WALLET_NOTIFICATION.name, group: null, status: 'done', attempts: 1, payload: PUSH, dueAt: null });
    expect(await work.get('wn_failed')).toMatchObject({ status: 'dead', attempts: 4, lastError: '400 BadTopic' });
    expect(await work.get('wn_retry')).toMatchObject({ status: 'pending', attempts: 1, dueAt: new Date(T0 + 60_000), order: '0000000000000000000000000000000000000003' });
    const claim = async (at: number) => (await work.claimDue(WALLET_NOTIFICATION.name, { holder: 'h', now: new Date(at), ttlMs: 1 }, 10)).map((item) => item.id);
    expect(await claim(T0)).toEqual([]);
    expect(await claim(T0 + 60_000)).toEqual(['wn_retry']);
    const reopened = new Database(file);
    expect(reopened.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([]);
    reopened.close();
    await work.close();
  });
});

/**
 * The embedded preset converts the stores of before the work store when it opens: what they held is found in
 * the work store. A file SQLite cannot read stops it with what the operator can do about that file.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, DEFAULT_CONFIG } from '../config/config';
import { openStores } from './open-stores';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

let dataDir = '';
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-stores-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function writeStoresOfBefore(): void {
  const deliveries = new Database(path.join(dataDir, 'webhook-deliveries.sqlite'));
  deliveries.exec(`CREATE TABLE deliveries (sequence INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, webhook_id TEXT NOT NULL,
    business_id TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL, last_attempt_at INTEGER,
    last_response_code INTEGER, last_error TEXT, next_attempt_at INTEGER, created_at INTEGER NOT NULL, feed_position TEXT NOT NULL DEFAULT '') STRICT`);
  deliveries
    .prepare("INSERT INTO deliveries (id, webhook_id, business_id, event, body, status, attempts, next_attempt_at, created_at, feed_position) VALUES (?, 'w-1', 'b-1', 'pass.created', '{}', 'pending', 0, ?, ?, '7')")
    .run('evt_pending', T0, T0);
  deliveries.close();
  const notifications = new Database(path.join(dataDir, 'wallet-notifications.sqlite'));
  notifications.exec(`CREATE TABLE wallet_notifications (id TEXT PRIMARY KEY, work TEXT NOT NULL, feed_position TEXT NOT NULL, status TEXT NOT NULL,
    attempts INTEGER NOT NULL, next_attempt_at INTEGER, leased_by TEXT, leased_until INTEGER, last_error TEXT, created_at INTEGER NOT NULL) STRICT`);
  notifications.prepare("INSERT INTO wallet_notifications VALUES ('wn_pending', ?, '7', 'pending', 0, ?, NULL, NULL, NULL, ?)").run(JSON.stringify({ kind: 'google_object', passId: 'p-1' }), T0, T0);
  notifications.close();
}

describe('the embedded stores', () => {
  it('carry the pending deliveries and wallet notifications of before over into the work store when they open', async () => {
    writeStoresOfBefore();
    const stores = await openStores({ ...DEFAULT_CONFIG, dataDir }, () => new Date(T0));
    try {
      expect(await stores.work.get('evt_pending')).toMatchObject({ kind: 'webhook.delivery', group: 'w-1', status: 'pending', dueAt: new Date(T0) });
      expect(await stores.work.get('wn_pending')).toMatchObject({ kind: 'wallet.notification', group: null, status: 'pending', payload: { kind: 'google_object', passId: 'p-1' } });
      expect((await stores.work.backlog()).map(({ kind, pending }) => [kind, pending]).sort()).toEqual([
        ['wallet.notification', 1],
        ['webhook.delivery', 1],
      ]);
    } finally {
      await stores.close();
    }
  });

  describe('given a file of the data directory that is no database', () => {
    /** A data directory whose `name` holds what is no SQLite database; what opening its stores threw. */
    async function openingWith(name: string): Promise<unknown> {
      const directory = fs.mkdtempSync(path.join(dataDir, 'unreadable-'));
      fs.writeFileSync(path.join(directory, name), 'a page of notes where a database was, '.repeat(200));
      return openStores({ ...DEFAULT_CONFIG, dataDir: directory }, () => new Date(T0)).then(
        async (stores) => {
          await stores.close();
          return null;
        },
        (error: unknown) => error,
      );
    }

    it('refuses to open them, and for the event store says to put it back from a backup', async () => {
      const refusal = await openingWith('events.sqlite');

      expect(refusal).toBeInstanceOf(ConfigError);
      expect(refusal).toMatchObject({ message: expect.stringMatching(/events\.sqlite is not a database SQLite can read \(SQLITE_NOTADB\): put it back from a backup/) });
    });

    it('for the read models, which the events make again, says to remove it', async () => {
      const refusal = await openingWith('read-models.sqlite');

      expect(refusal).toMatchObject({ message: expect.stringMatching(/read-models\.sqlite is not a database SQLite can read \(SQLITE_NOTADB\): remove it/) });
    });
  });
});

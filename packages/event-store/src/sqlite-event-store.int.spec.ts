import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import { isAfter, positionOfInteger } from './position';
import { SqliteEventStore } from './sqlite-event-store';
import { openDatabase } from './sqlite/open-database';
import { describeEventStoreContract } from './testing/event-store.contract';
import { newEvent, newEvents, pause, uniqueName, waitUntil } from './testing/contract/fixtures';

let directory = '';
let fileCount = 0;
const opened: SqliteEventStore[] = [];

function freshFile(): string {
  fileCount += 1;
  return path.join(directory, `store-${fileCount}.db`);
}

function open(file: string, options?: Parameters<typeof SqliteEventStore.open>[1]): SqliteEventStore {
  const store = SqliteEventStore.open(file, options);
  opened.push(store);
  return store;
}

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-event-store-'));
});

afterAll(() => {
  fs.rmSync(directory, { recursive: true, force: true });
});

describeEventStoreContract('SqliteEventStore', async () => {
  const store = SqliteEventStore.open(freshFile());
  return { store, dispose: () => store.close() };
});

describe('SqliteEventStore', () => {
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('reports no head position while empty', async () => {
    const store = open(freshFile());
    expect(await store.headPosition()).toBeNull();
    const result = await store.append('first', [newEvent('E')], 'no_stream');
    expect(result.position).toBe('1');
    expect(await store.headPosition()).toBe(result.position);
  });

  it('keeps events across close and reopen, and carries on from them', async () => {
    const file = freshFile();
    const before = open(file);
    await before.append('kept', newEvents('E', 3), 'no_stream');
    const stored = await before.readAll();
    await before.close();

    const after = open(file);
    expect(await after.readAll()).toEqual(stored);
    const next = await after.append('kept', [newEvent('Next')], 2);
    expect(next.nextRevision).toBe(3);
    expect(isAfter(next.position, stored.at(-1)?.position ?? null)).toBe(true);
  });

  it('delivers to a subscription an append made through another instance on the same file', async () => {
    const file = freshFile();
    const server = open(file, { pollIntervalMs: 20 });
    const cli = open(file);
    const received: RecordedEvent[] = [];
    server.subscribeToAll({}, async (events) => {
      received.push(...events);
    });

    await server.append('server', [newEvent('FromServer')], 'no_stream');
    await waitUntil(() => received.length === 1, 'the in-process append');
    const fromCli = await cli.append('cli', [newEvent('FromCli')], 'no_stream');
    await waitUntil(() => received.length === 2, 'the append made by the other instance');

    expect(received.map((event) => [event.type, event.position])).toEqual([
      ['FromServer', received[0]?.position],
      ['FromCli', fromCli.position],
    ]);
  });

  it('subscribed after a position the store has not reached, delivers only the events beyond it', async () => {
    const store = open(freshFile());
    const received: RecordedEvent[] = [];
    store.subscribeToAll({ after: positionOfInteger(3) }, async (events) => {
      received.push(...events);
    });
    // The subscription's first read must find the head below `after`.
    await pause(50);
    await store.append('early', [newEvent('E')], 'no_stream');
    for (let revision = 0; revision < 5; revision += 1) {
      await store.append('early', [newEvent('E')], revision);
    }
    await waitUntil(() => received.length >= 3, 'the events after position 3');

    expect(received.map((event) => event.position)).toEqual(['4', '5', '6']);
  });

  it('lets another instance append to a stream this one wrote, with optimistic concurrency across both', async () => {
    const file = freshFile();
    const first = open(file);
    const second = open(file);
    await first.append('shared', [newEvent('One')], 'no_stream');
    await second.append('shared', [newEvent('Two')], 0);

    await expect(first.append('shared', [newEvent('Stale')], 0)).rejects.toMatchObject({ actual: 1 });
    expect((await first.readStream('shared')).map((event) => event.type)).toEqual(['One', 'Two']);
  });

  it('creates missing parent directories', async () => {
    const file = path.join(directory, uniqueName('nested'), 'deeper', 'events.db');
    const store = open(file);
    await store.append('s', [newEvent('E')], 'no_stream');
    expect(fs.existsSync(file)).toBe(true);
  });

  it('stamps created_at from the injected clock', async () => {
    const store = open(freshFile(), { now: () => new Date(Date.UTC(2024, 1, 29, 23, 59, 58, 250)) });
    await store.append('clocked', newEvents('E', 2), 'no_stream');
    expect((await store.readStream('clocked')).map((event) => event.created_at)).toEqual([
      '2024-02-29T23:59:58.250Z',
      '2024-02-29T23:59:58.250Z',
    ]);
  });

  it('opens the file in WAL mode, with synchronous FULL and a busy timeout', () => {
    const db = openDatabase(freshFile());
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(1000);
    } finally {
      db.close();
    }
  });

  it('commits appends made in the same turn together, and a refused one rolls back alone', async () => {
    const store = open(freshFile());
    await store.append('existing', [newEvent('E')], 'no_stream');
    const outcomes = await Promise.allSettled([
      store.append('first', newEvents('E', 2), 'no_stream'),
      store.append('existing', [newEvent('Refused')], 'no_stream'),
      store.append('second', [newEvent('E')], 'no_stream'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: expect.any(WrongExpectedRevisionError) });
    expect((await store.readStream('first')).map((event) => event.revision)).toEqual([0, 1]);
    expect((await store.readStream('existing')).map((event) => event.type)).toEqual(['E']);
    expect(await store.readStream('second')).toHaveLength(1);
  });

  it('refuses an event id already used in another stream, writing nothing', async () => {
    const store = open(freshFile());
    const id = randomUUID();
    await store.append('owner', [newEvent('E', {}, id)], 'no_stream');

    // Matched by code: better-sqlite3 is a native addon loaded once per Jest worker, so its errors
    // belong to another test file's realm and fail `toThrow`'s Error check in a full run.
    await expect(store.append('thief', [newEvent('E'), newEvent('E', {}, id)], 'no_stream')).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(await store.readStream('thief')).toEqual([]);
  });

  it('refuses one event whose id is taken inside a shared commit, and commits the appends around it', async () => {
    const store = open(freshFile());
    const id = randomUUID();
    await store.append('owner', [newEvent('E', {}, id)], 'no_stream');

    const outcomes = await Promise.allSettled([
      store.append('before', [newEvent('E')], 'no_stream'),
      store.append('thief', [newEvent('E', {}, id)], 'no_stream'),
      store.append('after', newEvents('E', 2), 'no_stream'),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
    expect((await store.readAll()).map((event) => event.stream)).toEqual(['owner', 'before', 'after', 'after']);
  });

  it('treats a repeated append whose ids only partly match as a conflict, not a retry', async () => {
    const store = open(freshFile());
    const id = randomUUID();
    await store.append('partial', [newEvent('E', {}, id), newEvent('E')], 'no_stream');

    const retry = store.append('partial', [newEvent('E', {}, id), newEvent('E', {}, randomUUID())], 'no_stream');
    await expect(retry).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream('partial')).toHaveLength(2);
  });

  describe('live followers, handed the commits of this instance', () => {
    /** Subscribes, recording what arrives and in which pages. */
    function follow(store: SqliteEventStore, options: Parameters<SqliteEventStore['subscribeToAll']>[0] = {}) {
      const received: RecordedEvent[] = [];
      const pageSizes: number[] = [];
      store.subscribeToAll(options, async (events) => {
        received.push(...events);
        pageSizes.push(events.length);
      });
      return { received, pageSizes };
    }

    it('hands every follower the same decoding of a commit, each only the events its filter asks for', async () => {
      const store = open(freshFile());
      const all = follow(store);
      const wanted = follow(store, { filter: { eventTypes: ['Wanted'] } });
      await pause(20);

      await Promise.all([
        store.append('a', [newEvent('Wanted'), newEvent('Other')], 'no_stream'),
        store.append('b', [newEvent('Wanted')], 'no_stream'),
      ]);
      await waitUntil(() => all.received.length === 3 && wanted.received.length === 2, 'the commit');

      expect(all.received).toEqual(await store.readAll());
      expect(wanted.received).toEqual([all.received[0], all.received[2]]);
      expect(wanted.received[0]).toBe(all.received[0]);
    });

    it('delivers, in order, rows another instance appended between two commits of this one', async () => {
      const file = freshFile();
      // A poll too slow to matter: what the follower gets, it gets when this instance commits.
      const server = open(file, { pollIntervalMs: 60_000 });
      const cli = open(file);
      const { received } = follow(server);
      await server.append('server', [newEvent('First')], 'no_stream');
      await waitUntil(() => received.length === 1, 'the first commit');

      await cli.append('cli', [newEvent('FromCli')], 'no_stream');
      await server.append('server', [newEvent('Second')], 0);
      await waitUntil(() => received.length === 3, 'the other instance\'s row and the second commit');

      expect(received.map((event) => event.type)).toEqual(['First', 'FromCli', 'Second']);
      expect(received).toEqual(await server.readAll());
    });

    it('delivers none of an append that failed inside a shared commit', async () => {
      const store = open(freshFile());
      const id = randomUUID();
      await store.append('owner', [newEvent('E', {}, id)], 'no_stream');
      const { received } = follow(store);
      await waitUntil(() => received.length === 1, 'the first event');

      const outcomes = await Promise.allSettled([
        store.append('thief', [newEvent('Stolen'), newEvent('Stolen', {}, id)], 'no_stream'),
        store.append('honest', [newEvent('Kept')], 'no_stream'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
      await waitUntil(() => received.length === 2, 'the append that succeeded');
      await pause(20);

      expect(received.map((event) => event.type)).toEqual(['E', 'Kept']);
      expect(received).toEqual(await store.readAll());
    });

    it('delivers a commit larger than a page a page at a time', async () => {
      const store = open(freshFile());
      const { received, pageSizes } = follow(store);
      await pause(20);

      await store.append('large', newEvents('E', 600), 'no_stream');
      await waitUntil(() => received.length === 600, 'the whole commit');

      expect(pageSizes).toEqual([500, 100]);
      expect(received).toEqual(await store.readAll());
    });

    it('catches up from the file when it fell behind more commits than are kept', async () => {
      const store = open(freshFile());
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const received: RecordedEvent[] = [];
      store.subscribeToAll({}, async (events) => {
        received.push(...events);
        await held;
      });
      await store.append('busy', [newEvent('E')], 'no_stream');
      await waitUntil(() => received.length === 1, 'the first commit');

      for (let revision = 0; revision < 40; revision += 1) await store.append('busy', [newEvent('E')], revision);
      release();
      await waitUntil(() => received.length === 41, 'every commit');

      expect(received).toEqual(await store.readAll());
    });
  });

  it('stops its subscriptions on close without reporting an error, then refuses work', async () => {
    const store = open(freshFile());
    const errors: unknown[] = [];
    const received: RecordedEvent[] = [];
    store.subscribeToAll({ onError: (error) => errors.push(error) }, async (events) => {
      received.push(...events);
    });
    await store.append('s', [newEvent('E')], 'no_stream');
    await waitUntil(() => received.length === 1, 'the event');

    await store.close();

    expect(errors).toEqual([]);
    await expect(store.append('s', [newEvent('E')], 0)).rejects.toThrow();
    expect(() => store.subscribeToAll({}, async () => undefined)).toThrow(/closed/);
  });
});

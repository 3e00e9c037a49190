import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { positionOfInteger } from '@passes/event-store';
import { z } from 'zod';
import { ReadModel } from '../read-models/read-model';
import { describeDocumentStoreContract } from '../testing/document-store.contract';
import { SqliteDocumentStore } from './sqlite-document-store';

let directory = '';
let files = 0;
const freshFile = () => path.join(directory, `read-${++files}.sqlite`);

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-documents-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describeDocumentStoreContract('SqliteDocumentStore', async () => {
  const store = SqliteDocumentStore.open(freshFile());
  return { store, dispose: () => store.close() };
});

describe('SqliteDocumentStore', () => {
  const shape = { collection: 'passes', version: 1, indexes: [] };
  /** Document `a` at `revision`. */
  const write = (revision: number, doc: Record<string, unknown>) => ({ id: 'a', revision, doc, keys: {}, isNew: revision === 0 });

  /** Two connections to one file, as the service and the CLI have; `tick` moves the service's clock on. */
  function serviceAndCli(trustMs = 1) {
    const file = freshFile();
    let now = 0;
    const server = SqliteDocumentStore.open(file, { trustMs, now: () => now });
    return { server, cli: SqliteDocumentStore.open(file), tick: (ms: number) => (now += ms) };
  }

  describe('what another connection commits', () => {

    it('is seen by queries once the trusted while has passed: a promoted generation', async () => {
      const { server, cli, tick } = serviceAndCli();
      const live = await server.createGeneration(shape, 'live', new Date());
      await server.commit([{ target: { collection: 'passes', generation: live.generation }, writes: [write(0, { from: 'live' })] }], positionOfInteger(1));
      expect(await server.get('passes', 'a')).toMatchObject({ doc: { from: 'live' } });

      const next = await cli.createGeneration({ ...shape, version: 2 }, 'next', new Date());
      await cli.commit([{ target: { collection: 'passes', generation: next.generation }, writes: [write(0, { from: 'next' })] }], positionOfInteger(1));
      await cli.promote('passes', next.generation);

      tick(1);
      expect(await server.get('passes', 'a')).toMatchObject({ doc: { from: 'next' } });
      await Promise.all([server.close(), cli.close()]);
    });

    /** A live generation whose document `a` ({points: 1}) the server has read; `cliWrites` gives it more points. */
    async function documentReadByServer(trustMs: number) {
      const connections = serviceAndCli(trustMs);
      const target = { collection: 'passes', generation: (await connections.server.createGeneration(shape, 'live', new Date())).generation };
      await connections.server.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      expect(await connections.server.get('passes', 'a')).toMatchObject({ doc: { points: 1 } });
      const cliWrites = (points: number) => connections.cli.commit([{ target, writes: [write(points - 1, { points })] }], positionOfInteger(points));
      const close = () => Promise.all([connections.server.close(), connections.cli.close()]);
      return { ...connections, target, cliWrites, close };
    }

    it('is trusted away for that while: a query inside it may answer from before', async () => {
      const { server, tick, cliWrites, close } = await documentReadByServer(5);
      await cliWrites(2);
      tick(4);
      expect(await server.get('passes', 'a')).toMatchObject({ doc: { points: 1 } });
      tick(1);
      expect(await server.get('passes', 'a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      await close();
    });

    it('is seen at once after a read of the catalog, where a read-your-writes wait learns of it', async () => {
      const { server, cliWrites, close } = await documentReadByServer(60_000);
      await cliWrites(2);
      const [passes] = await server.collections();
      expect(passes?.live?.checkpoint).toBe(positionOfInteger(2));
      expect(await server.get('passes', 'a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      await close();
    });

    it('is seen at once when the projector loads the documents it is about to write', async () => {
      const { server, target, cliWrites, close } = await documentReadByServer(60_000);
      await cliWrites(2);
      expect((await server.load(target, ['a'])).get('a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      await close();
    });
  });

  describe('documents kept as read', () => {

    /** A store with a live generation whose document `a` ({points: 1}) has been read, and so is kept. */
    async function storeWithDocumentRead(trustMs = 1) {
      const store = SqliteDocumentStore.open(freshFile(), { trustMs });
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      expect(await store.get('passes', 'a')).toMatchObject({ revision: 0, doc: { points: 1 } });
      return { store, target };
    }

    it('show what this connection writes at once, however long it trusts the file', async () => {
      const { store, target } = await storeWithDocumentRead(60_000);

      await store.commit([{ target, writes: [write(1, { points: 2 })] }], positionOfInteger(2));
      expect(await store.get('passes', 'a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      expect((await store.load(target, ['a'])).get('a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      await store.close();
    });

    it('are kept as written when this connection commits them: the next read does not parse them again', async () => {
      const { store, target } = await storeWithDocumentRead();

      const written = { points: 2 };
      await store.commit([{ target, writes: [write(1, written)] }], positionOfInteger(2));

      const read = await store.get('passes', 'a');
      expect(read).toMatchObject({ revision: 1, doc: { points: 2 } });
      expect(read?.doc).toBe(written);
      expect(Object.isFrozen(written)).toBe(true);
      await store.close();
    });

    it('are not kept when no request was reading them: a document just created is parsed when first read', async () => {
      const store = SqliteDocumentStore.open(freshFile());
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      const written = { points: 1 };
      await store.commit([{ target, writes: [write(0, written)] }], positionOfInteger(1));

      const read = await store.get('passes', 'a');
      expect(read?.doc).toEqual(written);
      expect(read?.doc).not.toBe(written);
      await store.close();
    });

    it('are not kept from a commit that rolled back', async () => {
      const { store, target } = await storeWithDocumentRead();

      const missing = { collection: 'passes', generation: target.generation + 1 };
      await expect(store.commit([{ target, writes: [write(1, { points: 2 })] }, { target: missing, writes: [] }], positionOfInteger(2))).rejects.toThrow(/does not exist/);

      expect(await store.get('passes', 'a')).toMatchObject({ revision: 0, doc: { points: 1 } });
      await store.close();
    });

    it('are read anew once another connection commits after this one wrote them', async () => {
      const { server, cli, tick } = serviceAndCli();
      const target = { collection: 'passes', generation: (await server.createGeneration(shape, 'live', new Date())).generation };
      await server.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      await server.get('passes', 'a');
      await server.commit([{ target, writes: [write(1, { points: 2 })] }], positionOfInteger(2));

      await cli.commit([{ target, writes: [write(2, { points: 3 })] }], positionOfInteger(3));
      tick(1);

      expect(await server.get('passes', 'a')).toMatchObject({ revision: 2, doc: { points: 3 } });
      await Promise.all([server.close(), cli.close()]);
    });

    it('are served as kept after another connection commits elsewhere, once their revision is found unchanged', async () => {
      const { server, cli, tick } = serviceAndCli();
      const target = { collection: 'passes', generation: (await server.createGeneration(shape, 'live', new Date())).generation };
      await server.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      const first = await server.get('passes', 'a');

      // A rebuild's worker, writing the next generation's tables.
      const next = await cli.createGeneration({ ...shape, version: 2 }, 'next', new Date());
      await cli.commit([{ target: { collection: 'passes', generation: next.generation }, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      tick(1);

      expect((await server.get('passes', 'a'))?.doc).toBe(first?.doc);
      await Promise.all([server.close(), cli.close()]);
    });

    it('are kept when read by ids kept, not when read by ids in passing', async () => {
      const store = SqliteDocumentStore.open(freshFile());
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [write(0, { points: 1 }), { ...write(0, { points: 2 }), id: 'b' }] }], positionOfInteger(1));

      const kept = await store.getMany('passes', ['a'], 'kept');
      expect((await store.get('passes', 'a'))?.doc).toBe(kept.get('a')?.doc);
      const passing = await store.getMany('passes', ['b'], 'in-passing');
      expect((await store.get('passes', 'b'))?.doc).not.toBe(passing.get('b')?.doc);
      await store.close();
    });

    it('are checked by a read model once while kept: each read gives the same checked, frozen document', async () => {
      const store = SqliteDocumentStore.open(freshFile());
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      const points = new ReadModel(store, { collection: 'passes', schema: z.object({ points: z.number() }), indexes: [] });

      const first = await points.get('a');
      expect(first).toEqual({ points: 1 });
      expect(await points.get('a')).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      await store.commit([{ target, writes: [write(1, { points: 2 })] }], positionOfInteger(2));
      expect(await points.get('a')).toEqual({ points: 2 });
      await store.close();
    });

    it('are frozen, since every reader shares them', async () => {
      const store = SqliteDocumentStore.open(freshFile());
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [write(0, { points: 1, customer: { name: 'Ada' } })] }], positionOfInteger(1));
      const customer = fieldOf((await store.get('passes', 'a'))?.doc, 'customer');
      expect(() => Object.assign(typeof customer === 'object' && customer !== null ? customer : {}, { name: 'Grace' })).toThrow(TypeError);
      expect(await store.get('passes', 'a')).toMatchObject({ doc: { customer: { name: 'Ada' } } });
      await store.close();
    });
  });

  describe('lookups kept as found', () => {
    /** Document `id` at `revision`, found by the email keys given; removed when `doc` is null. */
    const keyed = (id: string, revision: number, emails: string[], doc: Record<string, unknown> | null = { id, revision }) => ({
      id,
      revision,
      doc,
      keys: { email: emails },
      isNew: revision === 0,
    });
    const ids = (docs: unknown[]) => docs.map((doc) => fieldOf(doc, 'id'));

    it('show what this connection writes at once, however long it trusts the file: new documents, keys moved, documents removed', async () => {
      const store = SqliteDocumentStore.open(freshFile(), { trustMs: 60_000 });
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [keyed('a', 0, ['e'])] }], positionOfInteger(1));
      expect(ids(await store.find('passes', 'email', 'e'))).toEqual(['a']);
      expect(await store.find('passes', 'email', 'f')).toEqual([]);

      await store.commit([{ target, writes: [keyed('b', 0, ['e']), keyed('c', 0, ['f'])] }], positionOfInteger(2));
      expect(ids(await store.find('passes', 'email', 'e'))).toEqual(['a', 'b']);
      expect(ids(await store.find('passes', 'email', 'f'))).toEqual(['c']);

      await store.commit([{ target, writes: [keyed('a', 1, ['f'])] }], positionOfInteger(3));
      expect(ids(await store.find('passes', 'email', 'e'))).toEqual(['b']);
      expect(ids(await store.find('passes', 'email', 'f'))).toEqual(['a', 'c']);

      await store.commit([{ target, writes: [keyed('b', 1, [], null), keyed('c', 1, ['f'], { id: 'c', stamps: 1 })] }], positionOfInteger(4));
      expect(await store.find('passes', 'email', 'e')).toEqual([]);
      expect(await store.find('passes', 'email', 'f')).toEqual([{ id: 'a', revision: 1 }, { id: 'c', stamps: 1 }]);
      await store.close();
    });

    it('are kept only whole: what a limit cut short is read again for a larger one', async () => {
      const store = SqliteDocumentStore.open(freshFile(), { trustMs: 60_000 });
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [keyed('a', 0, ['e']), keyed('b', 0, ['e']), keyed('c', 0, ['e'])] }], positionOfInteger(1));
      expect(ids(await store.find('passes', 'email', 'e', 1))).toEqual(['a']);
      expect(ids(await store.find('passes', 'email', 'e'))).toEqual(['a', 'b', 'c']);
      expect(ids(await store.find('passes', 'email', 'e', 1))).toEqual(['a']);
      await store.close();
    });

    it('answer from before while another connection’s commit is trusted away, and read anew after', async () => {
      const { server, cli, tick } = serviceAndCli(5);
      const target = { collection: 'passes', generation: (await server.createGeneration(shape, 'live', new Date())).generation };
      await server.commit([{ target, writes: [keyed('a', 0, ['e'])] }], positionOfInteger(1));
      expect(ids(await server.find('passes', 'email', 'e'))).toEqual(['a']);

      await cli.commit([{ target, writes: [keyed('b', 0, ['e'])] }], positionOfInteger(2));
      tick(4);
      expect(ids(await server.find('passes', 'email', 'e'))).toEqual(['a']);
      tick(1);
      expect(ids(await server.find('passes', 'email', 'e'))).toEqual(['a', 'b']);
      await Promise.all([server.close(), cli.close()]);
    });

    it('are not changed by a commit that rolled back', async () => {
      const store = SqliteDocumentStore.open(freshFile(), { trustMs: 60_000 });
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [keyed('a', 0, ['e'])] }], positionOfInteger(1));
      expect(ids(await store.find('passes', 'email', 'e'))).toEqual(['a']);

      const missing = { collection: 'passes', generation: target.generation + 1 };
      await expect(store.commit([{ target, writes: [keyed('b', 0, ['e'])] }, { target: missing, writes: [] }], positionOfInteger(2))).rejects.toThrow(/does not exist/);
      expect(ids(await store.find('passes', 'email', 'e'))).toEqual(['a']);
      await store.close();
    });
  });

  describe('key sets and words kept with a document this connection wrote', () => {
    const keyed = (revision: number, emails: string[]) => ({ id: 'a', revision, doc: { revision }, keys: { email: emails }, isNew: revision === 0 });
    const found = async (store: SqliteDocumentStore, email: string) => (await store.find('passes', 'email', email)).map((doc) => fieldOf(doc, 'revision'));

    it('are compared with those stored when another connection wrote the document since, not with those remembered', async () => {
      const { server, cli } = serviceAndCli();
      const target = { collection: 'passes', generation: (await server.createGeneration(shape, 'live', new Date())).generation };
      await server.commit([{ target, writes: [keyed(0, ['e'])] }], positionOfInteger(1));
      // Read, so kept: the server keeps its next write of it with its key set.
      expect(await server.get('passes', 'a')).toMatchObject({ revision: 0 });
      await server.commit([{ target, writes: [keyed(1, ['e'])] }], positionOfInteger(2));
      await cli.commit([{ target, writes: [keyed(2, ['f'])] }], positionOfInteger(3));

      await server.commit([{ target, writes: [keyed(3, ['e'])] }], positionOfInteger(4));
      expect(await found(cli, 'e')).toEqual([3]);
      expect(await found(cli, 'f')).toEqual([]);
      await Promise.all([server.close(), cli.close()]);
    });
  });

  describe('its log', () => {
    /** The size of the file's log after 100 commits of a 4 KiB document each, with the given autocheckpoint length. */
    async function logBytesAfterCommits(walAutocheckpointPages: number): Promise<number> {
      const file = freshFile();
      const store = SqliteDocumentStore.open(file, { walAutocheckpointPages });
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      for (let index = 1; index <= 100; index += 1) {
        const writes = [{ id: `d-${index}`, revision: 0, doc: { filler: 'x'.repeat(4096) }, keys: {}, isNew: true }];
        await store.commit([{ target, writes }], positionOfInteger(index));
      }
      const bytes = fs.statSync(`${file}-wal`).size;
      await store.close();
      return bytes;
    }

    it('is copied back into the file once it passes the length given, and reused from its start', async () => {
      const pageBytes = 4096;
      // 100 commits write at least 200 pages; a log copied back past 20 pages never grows far beyond them.
      expect(await logBytesAfterCommits(10_000)).toBeGreaterThan(200 * pageBytes);
      expect(await logBytesAfterCommits(20)).toBeLessThan(40 * pageBytes);
    });

    it('refuses a length that is not a positive number of pages', () => {
      expect(() => SqliteDocumentStore.open(freshFile(), { walAutocheckpointPages: 0 })).toThrow(RangeError);
      expect(() => SqliteDocumentStore.open(freshFile(), { walAutocheckpointPages: 1.5 })).toThrow(RangeError);
    });
  });

  it('turns the key tables of generations made before lookup tables into lookup tables, which find what they found', async () => {
    const file = fileOfEarlierLayout(`
      CREATE TABLE docs_passes_g3 (id TEXT PRIMARY KEY, revision INTEGER NOT NULL, doc TEXT);
      CREATE TABLE keys_passes_g3 (index_name TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (index_name, key, id)) WITHOUT ROWID;
      CREATE INDEX keys_passes_g3_by_id ON keys_passes_g3 (id);
      INSERT INTO docs_passes_g3 VALUES ('z', 0, '{"name":"z"}'), ('a', 0, '{"name":"a"}'), ('m', 1, NULL);
      INSERT INTO keys_passes_g3 VALUES ('email', 'e', 'z'), ('email', 'e', 'a'), ('serial', 's-a', 'a');
    `);

    const store = SqliteDocumentStore.open(file);
    expect(await store.find('passes', 'email', 'e')).toEqual([{ name: 'z' }, { name: 'a' }]);
    expect(await store.find('passes', 'serial', 's-a')).toEqual([{ name: 'a' }]);
    const target = { collection: 'passes', generation: 3 };
    await store.commit([{ target, writes: [{ id: 'a', revision: 1, doc: { name: 'a2' }, keys: { serial: ['s-a2'] }, isNew: false }] }], positionOfInteger(3));
    expect(await store.find('passes', 'email', 'e')).toEqual([{ name: 'z' }]);
    expect(await store.find('passes', 'serial', 's-a2')).toEqual([{ name: 'a2' }]);
    await store.close();

    const reopened = new Database(file);
    const tables = reopened.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    reopened.close();
    expect(tables).toEqual(expect.arrayContaining(['docs_passes_g3', 'lookups_passes_g3']));
    expect(tables).not.toContain('keys_passes_g3');
  });

  it('gives the generations made before key sets their key sets, from their lookups: a write then moves only the keys that changed', async () => {
    const file = fileOfEarlierLayout(`
      CREATE TABLE docs_passes_g3 (id TEXT PRIMARY KEY, revision INTEGER NOT NULL, doc TEXT);
      CREATE TABLE lookups_passes_g3 (index_name TEXT NOT NULL, key TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (index_name, key, doc)) WITHOUT ROWID;
      CREATE INDEX lookups_passes_g3_by_doc ON lookups_passes_g3 (doc);
      INSERT INTO docs_passes_g3 VALUES ('z', 0, '{"name":"z"}'), ('a', 0, '{"name":"a"}'), ('m', 1, NULL);
      INSERT INTO lookups_passes_g3 VALUES ('email', 'e', 1), ('email', 'e', 2), ('search', 'w/a', 2), ('search', 'w/ab', 2), ('serial', 's-a', 2);
    `);

    const store = SqliteDocumentStore.open(file);
    expect(await store.find('passes', 'search', 'w/a')).toEqual([{ name: 'a' }]);
    const target = { collection: 'passes', generation: 3 };
    const keysOfA = { serial: ['s-a2'], search: ['w/ab', 'w/a'] };
    await store.commit([{ target, writes: [{ id: 'a', revision: 1, doc: { name: 'a2' }, keys: keysOfA, isNew: false }] }], positionOfInteger(3));
    expect(await store.find('passes', 'email', 'e')).toEqual([{ name: 'z' }]);
    expect(await store.find('passes', 'serial', 's-a')).toEqual([]);
    expect(await store.find('passes', 'serial', 's-a2')).toEqual([{ name: 'a2' }]);
    expect(await store.find('passes', 'search', 'w/ab')).toEqual([{ name: 'a2' }]);
    await store.commit([{ target, writes: [{ id: 'z', revision: 1, doc: null, keys: {}, isNew: false }] }], positionOfInteger(4));
    expect(await store.find('passes', 'email', 'e')).toEqual([]);
    await store.close();

    const reopened = new Database(file);
    const names = reopened.prepare<[], string>('SELECT name FROM sqlite_master').pluck().all();
    const lookups = reopened.prepare<[], string>("SELECT index_name || ' ' || key || ' ' || doc FROM lookups_passes_g3 ORDER BY 1").pluck().all();
    const keySets = reopened.prepare<[], string>("SELECT doc || ' ' || keys FROM keysets_passes_g3 ORDER BY doc").pluck().all();
    reopened.close();
    expect(names).toContain('keysets_passes_g3');
    expect(names).not.toContain('lookups_passes_g3_by_doc');
    expect(lookups).toEqual(['search w/a 2', 'search w/ab 2', 'serial s-a2 2']);
    expect(keySets).toEqual([`2 ${JSON.stringify(keysOfA)}`]);
  });

  it('keeps the words of a generation made before words tables as the keys of their beginnings, as it was built, and finds them so', async () => {
    const file = fileOfEarlierLayout(`
      CREATE TABLE docs_passes_g3 (id TEXT PRIMARY KEY, revision INTEGER NOT NULL, doc TEXT);
      CREATE TABLE lookups_passes_g3 (index_name TEXT NOT NULL, key TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (index_name, key, doc)) WITHOUT ROWID;
      CREATE TABLE keysets_passes_g3 (doc INTEGER PRIMARY KEY, keys TEXT NOT NULL);
      INSERT INTO docs_passes_g3 VALUES ('z', 0, '{"name":"z"}');
      INSERT INTO lookups_passes_g3 VALUES ('search', 'w/z', 1), ('search', 'w/zo', 1);
      INSERT INTO keysets_passes_g3 VALUES (1, '{"search":["w/z","w/zo"]}');
    `);

    const store = SqliteDocumentStore.open(file);
    const target = { collection: 'passes', generation: 3 };
    await store.commit([{ target, writes: [{ id: 'a', revision: 0, doc: { name: 'a' }, keys: {}, words: { search: { scope: 'w/', words: ['zoë'] } }, isNew: true }] }], positionOfInteger(3));
    const found = async (beginning: string) => (await store.findPage('passes', 'search', { scope: 'w/', beginning }, null, 10)).docs;
    expect(await found('zo')).toEqual([{ name: 'z' }, { name: 'a' }]);
    expect(await found('zoë')).toEqual([{ name: 'a' }]);
    expect(await store.count('passes', 'search', { scope: 'w/', beginning: 'z' })).toBe(2);
    expect(await store.find('passes', 'search', 'w/zoë')).toEqual([{ name: 'a' }]);
    await store.close();
  });

  describe('a drop of a large generation', () => {
    /** A live generation, and a retired one of `documents` documents, each with a lookup key. */
    async function withRetired(documents: number) {
      const store = SqliteDocumentStore.open(freshFile());
      const old = await store.createGeneration({ ...shape, indexes: ['email'] }, 'live', new Date());
      const retired = { collection: 'passes', generation: old.generation };
      const writes = Array.from({ length: documents }, (_, index) => ({ id: `p-${index}`, revision: 0, doc: { index }, keys: { email: [`e-${index}`] }, isNew: true }));
      await store.commit([{ target: retired, writes }], positionOfInteger(1));
      const next = await store.createGeneration({ ...shape, indexes: ['email'] }, 'next', new Date());
      await store.promote('passes', next.generation);
      return { store, retired, live: { collection: 'passes', generation: next.generation } };
    }

    it('gives way to commits while it goes, a page of documents at a time, and leaves nothing of the generation', async () => {
      const { store, retired, live } = await withRetired(5000);
      const order: string[] = [];
      const dropped = store.drop(retired).then(() => order.push('dropped'));
      await store.commit([{ target: live, writes: [{ ...write(0, { during: 'the drop' }), keys: { email: ['e-0'] } }] }], positionOfInteger(2));
      order.push('committed');
      await dropped;
      expect(order).toEqual(['committed', 'dropped']);
      expect(await store.find('passes', 'email', 'e-0')).toEqual([{ during: 'the drop' }]);
      expect((await store.collections())[0]?.retired).toEqual([]);
      expect(await store.load(retired, ['p-0', 'p-4999'])).toEqual(new Map());
      await store.close();
    });

    it('stops between pages once its signal is aborted, leaving the generation retired; dropped again, it goes', async () => {
      const { store, retired } = await withRetired(5000);
      const stopping = new AbortController();
      const dropped = store.drop(retired, stopping.signal);
      stopping.abort();
      await dropped;
      expect((await store.collections())[0]?.retired).toEqual([retired.generation]);
      await store.drop(retired);
      expect((await store.collections())[0]?.retired).toEqual([]);
      expect(await store.load(retired, ['p-0', 'p-4999'])).toEqual(new Map());
      await store.close();
    });

    it('of an abandoned next generation retires it first: cut short, it is dropped again, never built on', async () => {
      const store = SqliteDocumentStore.open(freshFile());
      await store.createGeneration(shape, 'live', new Date());
      const next = await store.createGeneration(shape, 'next', new Date());
      const target = { collection: 'passes', generation: next.generation };
      const writes = Array.from({ length: 5000 }, (_, index) => ({ id: `p-${index}`, revision: 0, doc: { index }, keys: {}, isNew: true }));
      await store.commit([{ target, writes }], positionOfInteger(1));
      const dropping = store.drop(target);
      // Seen from another connection while the drop is under way, as a projector starting after a crash would see it.
      const elsewhere = await (async () => {
        const other = SqliteDocumentStore.open(path.join(directory, `read-${files}.sqlite`));
        try {
          return (await other.collections())[0];
        } finally {
          await other.close();
        }
      })();
      expect(elsewhere).toMatchObject({ next: null, retired: [next.generation] });
      await dropping;
      expect((await store.collections())[0]).toMatchObject({ next: null, retired: [] });
      await store.close();
    });
  });

  it('drops the tables of the layout before generations, whose documents are rebuilt', async () => {
    const file = freshFile();
    const old = new Database(file);
    old.exec('CREATE TABLE documents (collection TEXT, id TEXT, revision INTEGER, doc TEXT); CREATE TABLE checkpoints (name TEXT, position INTEGER)');
    old.close();
    const store = SqliteDocumentStore.open(file);
    await store.close();
    const reopened = new Database(file);
    const tables = reopened.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name);
    reopened.close();
    expect(tables).not.toContain('documents');
    expect(tables).not.toContain('checkpoints');
  });
});

/** A store file of an earlier layout: its catalog, with generation 3 of passes live, and `tables` as that layout made them. */
function fileOfEarlierLayout(tables: string): string {
  const file = freshFile();
  const old = new Database(file);
  old.exec(`
    CREATE TABLE generations (collection TEXT NOT NULL, generation INTEGER NOT NULL, version INTEGER NOT NULL, role TEXT NOT NULL,
                              checkpoint TEXT, requested_at TEXT NOT NULL, PRIMARY KEY (collection, generation)) STRICT;
    INSERT INTO generations VALUES ('passes', 3, 1, 'live', '2', '2026-11-01T00:00:00.000Z');
    ${tables}
  `);
  old.close();
  return file;
}

/** A field of a document as the store gives it (untyped), if it is an object that has one. */
function fieldOf(doc: unknown, field: string): unknown {
  return typeof doc === 'object' && doc !== null ? Object.entries(doc).find(([key]) => key === field)?.[1] : undefined;
}

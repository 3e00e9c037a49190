import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { positionOfInteger } from '@passes/event-store';
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

    it('are read anew once this connection writes them, however long it trusts the file', async () => {
      const store = SqliteDocumentStore.open(freshFile(), { trustMs: 60_000 });
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      expect(await store.get('passes', 'a')).toMatchObject({ revision: 0, doc: { points: 1 } });

      await store.commit([{ target, writes: [write(1, { points: 2 })] }], positionOfInteger(2));
      expect(await store.get('passes', 'a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      expect((await store.load(target, ['a'])).get('a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      await store.close();
    });

    it('are frozen, since every reader shares them', async () => {
      const store = SqliteDocumentStore.open(freshFile());
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [write(0, { points: 1, customer: { name: 'Ada' } })] }], positionOfInteger(1));
      const read = await store.get<{ points: number; customer: { name: string } }>('passes', 'a');
      expect(() => {
        if (read) read.doc.customer.name = 'Grace';
      }).toThrow(TypeError);
      expect(await store.get('passes', 'a')).toMatchObject({ doc: { customer: { name: 'Ada' } } });
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

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
  it('sees a generation promoted by another process on the same file at its next query', async () => {
    const file = freshFile();
    const [server, cli] = [SqliteDocumentStore.open(file), SqliteDocumentStore.open(file)];
    const shape = { collection: 'passes', version: 1, indexes: [] };
    const live = await server.createGeneration(shape, 'live', new Date());
    await server.commit([{ target: { collection: 'passes', generation: live.generation }, writes: [{ id: 'a', revision: 0, doc: { from: 'live' }, keys: {}, isNew: true }] }], positionOfInteger(1));
    expect(await server.get('passes', 'a')).toMatchObject({ doc: { from: 'live' } });

    const next = await cli.createGeneration({ ...shape, version: 2 }, 'next', new Date());
    await cli.commit([{ target: { collection: 'passes', generation: next.generation }, writes: [{ id: 'a', revision: 0, doc: { from: 'next' }, keys: {}, isNew: true }] }], positionOfInteger(1));
    await cli.promote('passes', next.generation);

    expect(await server.get('passes', 'a')).toMatchObject({ doc: { from: 'next' } });
    await Promise.all([server.close(), cli.close()]);
  });

  describe('documents kept as read', () => {
    const shape = { collection: 'passes', version: 1, indexes: [] };
    const write = (revision: number, doc: Record<string, unknown>) => ({ id: 'a', revision, doc, keys: {}, isNew: revision === 0 });

    it('are read anew once this connection writes them', async () => {
      const store = SqliteDocumentStore.open(freshFile());
      const target = { collection: 'passes', generation: (await store.createGeneration(shape, 'live', new Date())).generation };
      await store.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      expect(await store.get('passes', 'a')).toMatchObject({ revision: 0, doc: { points: 1 } });

      await store.commit([{ target, writes: [write(1, { points: 2 })] }], positionOfInteger(2));
      expect(await store.get('passes', 'a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      expect((await store.load(target, ['a'])).get('a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      await store.close();
    });

    it('are read anew once another connection commits to the file', async () => {
      const file = freshFile();
      const [server, cli] = [SqliteDocumentStore.open(file), SqliteDocumentStore.open(file)];
      const target = { collection: 'passes', generation: (await server.createGeneration(shape, 'live', new Date())).generation };
      await server.commit([{ target, writes: [write(0, { points: 1 })] }], positionOfInteger(1));
      expect(await server.get('passes', 'a')).toMatchObject({ doc: { points: 1 } });
      expect((await server.load(target, ['a'])).get('a')).toMatchObject({ doc: { points: 1 } });

      await cli.commit([{ target, writes: [write(1, { points: 2 })] }], positionOfInteger(2));
      expect(await server.get('passes', 'a')).toMatchObject({ revision: 1, doc: { points: 2 } });
      await cli.commit([{ target, writes: [write(2, { points: 3 })] }], positionOfInteger(3));
      expect((await server.load(target, ['a'])).get('a')).toMatchObject({ revision: 2, doc: { points: 3 } });
      await Promise.all([server.close(), cli.close()]);
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

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDocumentStore } from './sqlite-document-store';

let dir: string;
let store: SqliteDocumentStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-documents-'));
  store = SqliteDocumentStore.open(path.join(dir, 'read.sqlite'));
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (id: string, keys: Record<string, string[]>, doc: unknown = { id }) => ({ collection: 'passes', id, revision: 0, doc, keys });

describe('counting documents by lookup key', () => {
  it('counts the documents an index key holds, and follows key changes and deletions', async () => {
    await store.commit([write('a', { business: ['b1/live'] }), write('b', { business: ['b1/live'] }), write('c', { business: ['b1/test'] })], { name: 't', position: 1 });
    expect(await store.count('passes', 'business', 'b1/live')).toBe(2);
    expect(await store.count('passes', 'business', 'b1/test')).toBe(1);
    expect(await store.count('passes', 'business', 'b2/live')).toBe(0);
    await store.commit([write('a', { business: ['b1/test'] }), { ...write('b', {}), doc: null }], { name: 't', position: 2 });
    expect(await store.count('passes', 'business', 'b1/live')).toBe(0);
    expect(await store.count('passes', 'business', 'b1/test')).toBe(2);
  });

  it('keeps collections and indexes apart', async () => {
    await store.commit([write('a', { business: ['b1'], email: ['b1'] })], { name: 't', position: 1 });
    expect(await store.count('passes', 'email', 'b1')).toBe(1);
    expect(await store.count('templates', 'business', 'b1')).toBe(0);
  });
});

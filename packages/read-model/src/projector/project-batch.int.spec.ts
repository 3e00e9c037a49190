/**
 * projectBatch against a real SQLite read store: a document's first event is applied to no document,
 * unlooked for, and the store's revision guard keeps a replay of it from undoing what followed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { positionOfInteger, type RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import type { GenerationRef } from '../document-store';
import type { Projection } from '../projections/projection';
import { SqliteDocumentStore } from '../sqlite/sqlite-document-store';
import { projectBatch } from './project-batch';

interface Tally {
  count: number;
}

/** Counts each stream's events; a stream's first event starts its document. */
const tallies: Projection<Tally> = {
  collection: 'tallies',
  version: 1,
  schema: z.object({ count: z.number() }),
  indexes: ['stream'],
  eventTypes: new Set(['Ticked']),
  documentId: (event) => event.stream,
  revisionAfter: (current, event) => (current !== undefined && current.revision >= event.revision ? null : event.revision),
  startsDocument: (event) => event.revision === 0,
  apply: (doc, _event) => ({ count: (doc?.count ?? 0) + 1 }),
  keys: () => ({}),
};

const ticked = (stream: string, revision: number, position: number): RecordedEvent => ({
  id: `${stream}/${revision}`,
  stream,
  revision,
  position: positionOfInteger(position),
  type: 'Ticked',
  data: {},
  metadata: { correlation_id: 'c', causation_id: null, business_id: null, actor: 'test', schema_version: 1 },
  created_at: '2026-11-23T10:00:00.000Z',
});

let directory: string;
let store: SqliteDocumentStore;
let target: GenerationRef;

async function project(events: RecordedEvent[]): Promise<void> {
  const writes = await projectBatch(store, target, tallies as Projection, events);
  await store.commit([{ target, writes }], events.at(-1)?.position ?? positionOfInteger(0));
}

beforeEach(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'project-batch-'));
  store = SqliteDocumentStore.open(path.join(directory, 'read.sqlite'));
  const { generation } = await store.createGeneration({ collection: tallies.collection, version: 1, indexes: tallies.indexes }, 'live', new Date());
  target = { collection: tallies.collection, generation };
});

afterEach(async () => {
  await store.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('projectBatch', () => {
  it('applies a stream first event to no document, without looking for one', async () => {
    await project([ticked('a', 0, 1), ticked('a', 1, 2)]);
    const writes = await projectBatch(store, target, tallies as Projection, [ticked('a', 0, 1)]);
    expect(writes).toEqual([{ id: 'a', revision: 0, doc: { count: 1 }, keys: {}, isNew: true }]);
  });

  it('looks for the document of any later event, and finds it', async () => {
    await project([ticked('a', 0, 1)]);
    const writes = await projectBatch(store, target, tallies as Projection, [ticked('a', 1, 2)]);
    expect(writes).toEqual([{ id: 'a', revision: 1, doc: { count: 2 }, keys: {}, isNew: false }]);
  });

  it('changes nothing when a batch that started documents is projected again', async () => {
    await project([ticked('a', 0, 1), ticked('b', 0, 2), ticked('a', 1, 3)]);
    await project([ticked('a', 2, 4)]);
    await project([ticked('a', 0, 1), ticked('b', 0, 2), ticked('a', 1, 3)]);
    expect(await store.get('tallies', 'a')).toEqual({ id: 'a', revision: 2, doc: { count: 3 } });
    expect(await store.get('tallies', 'b')).toEqual({ id: 'b', revision: 0, doc: { count: 1 } });
  });
});

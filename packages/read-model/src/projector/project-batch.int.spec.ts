/**
 * projectBatch against a real SQLite read store: a document's first event is applied to no document,
 * unlooked for, and the store's revision guard keeps a replay of it from undoing what followed; an event
 * that leaves a document as it is writes nothing.
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

/** Counts each stream's ticks, and leaves its document as it is on a rest; a stream's first event starts its document. */
const tallies: Projection<Tally> = {
  collection: 'tallies',
  version: 1,
  schema: z.object({ count: z.number() }),
  indexes: ['stream'],
  eventTypes: new Set(['Ticked', 'Rested']),
  documentId: (event) => event.stream,
  revisionAfter: (current, event) => (current !== undefined && current.revision >= event.revision ? null : event.revision),
  startsDocument: (event) => event.revision === 0,
  apply: (doc, event) => (event.type === 'Rested' && doc !== null ? doc : { count: (doc?.count ?? 0) + 1 }),
  keys: () => ({}),
};

const ticked = (stream: string, revision: number, position: number, type: 'Ticked' | 'Rested' = 'Ticked'): RecordedEvent => ({
  id: `${stream}/${revision}`,
  stream,
  revision,
  position: positionOfInteger(position),
  type,
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

  it('writes no document an event leaves as it is: it keeps the revision of the last event that changed it', async () => {
    await project([ticked('a', 0, 1), ticked('a', 1, 2, 'Rested')]);
    expect(await store.get('tallies', 'a')).toEqual({ id: 'a', revision: 0, doc: { count: 1 } });
    expect(await projectBatch(store, target, tallies as Projection, [ticked('a', 2, 3, 'Rested')])).toEqual([]);
    await project([ticked('a', 2, 3, 'Rested'), ticked('a', 3, 4), ticked('a', 4, 5, 'Rested')]);
    expect(await store.get('tallies', 'a')).toEqual({ id: 'a', revision: 3, doc: { count: 2 } });
  });
});

/** Tallies per stream, and a derived `total` document counting every event (rests too) once, remembering the last position it took in. */
type Counted = { kind: 'stream'; count: number } | { kind: 'total'; count: number; position: number };

const counted: Projection<Counted> = {
  collection: 'tallies',
  version: 1,
  schema: z.discriminatedUnion('kind', [z.object({ kind: z.literal('stream'), count: z.number() }), z.object({ kind: z.literal('total'), count: z.number(), position: z.number() })]),
  indexes: ['stream'],
  eventTypes: tallies.eventTypes,
  documentId: (event) => event.stream,
  revisionAfter: tallies.revisionAfter,
  startsDocument: tallies.startsDocument,
  apply: (doc, event) => (event.type === 'Rested' && doc !== null ? doc : { kind: 'stream', count: (doc?.count ?? 0) + 1 }),
  derivedWrites: (_before, _after, event) => [
    {
      id: 'total',
      apply: (doc) => {
        const position = Number(event.position);
        if (doc?.kind === 'total' && doc.position >= position) return null;
        return { kind: 'total', count: (doc?.count ?? 0) + 1, position };
      },
    },
  ],
  keys: () => ({}),
};

describe('projectBatch, with documents derived from others', () => {
  const projectCounted = async (events: RecordedEvent[], keep: (write: { id: string }) => boolean = () => true) => {
    const writes = await projectBatch(store, target, counted as Projection, events);
    await store.commit([{ target, writes: writes.filter(keep) }], events.at(-1)?.position ?? positionOfInteger(0));
  };

  it('derives from every event its own document takes in, across streams and batches', async () => {
    await projectCounted([ticked('a', 0, 1), ticked('b', 0, 2), ticked('a', 1, 3)]);
    await projectCounted([ticked('b', 1, 4)]);
    expect(await store.get('tallies', 'total')).toEqual({ id: 'total', revision: 3, doc: { kind: 'total', count: 4, position: 4 } });
  });

  it('writes the derived documents first', async () => {
    const writes = await projectBatch(store, target, counted as Projection, [ticked('a', 0, 1)]);
    expect(writes.map((write) => write.id)).toEqual(['total', 'a']);
  });

  it('derives nothing again when a batch is projected again', async () => {
    await projectCounted([ticked('a', 0, 1), ticked('a', 1, 2)]);
    await projectCounted([ticked('a', 0, 1), ticked('a', 1, 2)]);
    expect((await store.get('tallies', 'total'))?.doc).toEqual({ kind: 'total', count: 2, position: 2 });
  });

  it('derives from an event that left its own document as it is, and nothing again when it is projected again', async () => {
    await projectCounted([ticked('a', 0, 1), ticked('a', 1, 2, 'Rested')]);
    await projectCounted([ticked('a', 1, 2, 'Rested')]);
    expect(await store.get('tallies', 'a')).toEqual({ id: 'a', revision: 0, doc: { kind: 'stream', count: 1 } });
    expect((await store.get('tallies', 'total'))?.doc).toEqual({ kind: 'total', count: 2, position: 2 });
  });

  it('counts once when a store without transactions kept only the derived writes of a batch before a crash', async () => {
    await projectCounted([ticked('a', 0, 1)]);
    await projectCounted([ticked('a', 1, 2), ticked('b', 0, 3)], (write) => write.id === 'total');
    await projectCounted([ticked('a', 1, 2), ticked('b', 0, 3)]);
    expect((await store.get('tallies', 'total'))?.doc).toEqual({ kind: 'total', count: 3, position: 3 });
    expect((await store.get('tallies', 'a'))?.doc).toEqual({ kind: 'stream', count: 2 });
  });
});

/**
 * The catch-up runner on the projector's own thread, against real SQLite files: jobs started together
 * ride one replay of the feed, each caught up with its own events; a stopped job ends after its page,
 * which stays committed; a job for a projection the runner does not know fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteEventStore } from '@passes/event-store';
import type { GenerationRef } from '../document-store';
import type { Projection } from '../projections/projection';
import { tally, tallyOf } from '../testing/tally-projection';
import { SqliteDocumentStore } from '../sqlite/sqlite-document-store';
import type { CatchUpPage } from './catch-up-runner';
import { LocalCatchUpRunner } from './local-catch-up-runner';

const ticks = tallyOf('ticks', 'Ticked');
const rings = tallyOf('rings', 'Rang');
/** Nine ticks to a ring, in each of two streams. */
const ROUNDS = 6;
const STREAMS = ['clock-a', 'clock-b'];
const PAGE = 10;
const FEED = ROUNDS * STREAMS.length * 10;

let directory: string;
let events: SqliteEventStore;
let documents: SqliteDocumentStore;
let runner: LocalCatchUpRunner;

beforeEach(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'local-catch-up-'));
  events = SqliteEventStore.open(path.join(directory, 'events.sqlite'));
  documents = SqliteDocumentStore.open(path.join(directory, 'read.sqlite'));
  runner = new LocalCatchUpRunner(events, documents, [ticks, rings]);
  const metadata = { correlation_id: 'c', causation_id: null, business_id: null, actor: 'test', schema_version: 1 };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const stream of STREAMS) {
      const types = [...Array.from({ length: 9 }, () => 'Ticked'), 'Rang'];
      await events.append(stream, types.map((type) => ({ type, data: {}, metadata })), 'any');
    }
  }
});

afterEach(async () => {
  await documents.close();
  await events.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function nextOf(projection: Projection): Promise<GenerationRef> {
  const { generation } = await documents.createGeneration({ collection: projection.collection, version: 1, indexes: [] }, 'next', new Date());
  return { collection: projection.collection, generation };
}

async function countsIn(target: GenerationRef): Promise<Record<string, number>> {
  const stored = await documents.load(target, STREAMS);
  return Object.fromEntries([...stored].map(([id, { doc }]) => [id, tally.parse(doc).count]));
}

describe('the catch-up runner on the projector’s thread', () => {
  it('builds jobs started together from one replay of the feed, each caught up with its own events', async () => {
    const tickTarget = await nextOf(ticks);
    const ringTarget = await nextOf(rings);
    const ringPages: CatchUpPage[] = [];

    const done = await Promise.all([
      runner.start({ ...tickTarget, checkpoint: null, pageSize: PAGE }, () => undefined).done,
      runner.start({ ...ringTarget, checkpoint: null, pageSize: PAGE }, (page) => ringPages.push(page)).done,
    ]);

    expect(done).toEqual([true, true]);
    // Alone, its twelve rings would be read by type in two pages; together, it takes them from the feed's pages.
    expect(ringPages.length).toBeGreaterThan(FEED / PAGE);
    expect(ringPages.at(-1)).toEqual({ checkpoint: await events.headPosition(), replayed: ROUNDS * STREAMS.length });
    expect(await countsIn(tickTarget)).toEqual({ 'clock-a': ROUNDS * 9, 'clock-b': ROUNDS * 9 });
    expect(await countsIn(ringTarget)).toEqual({ 'clock-a': ROUNDS, 'clock-b': ROUNDS });
  });

  it('stopped after a page, keeps that page committed; started again from its checkpoint, it completes the generation', async () => {
    const target = await nextOf(ticks);
    const pages: CatchUpPage[] = [];
    const first = runner.start({ ...target, checkpoint: null, pageSize: PAGE }, (page) => {
      pages.push(page);
      first.stop();
    });

    expect(await first.done).toBe(false);
    const [stopped] = pages;
    expect(pages).toEqual([{ checkpoint: expect.any(String), replayed: 9 }]);
    expect((await documents.collections()).find((state) => state.collection === 'ticks')?.next?.checkpoint).toBe(stopped?.checkpoint);

    expect(await runner.start({ ...target, checkpoint: stopped?.checkpoint ?? null, pageSize: PAGE }, () => undefined).done).toBe(true);
    expect(await countsIn(target)).toEqual({ 'clock-a': ROUNDS * 9, 'clock-b': ROUNDS * 9 });
  });

  it('fails a job for a collection none of its projections builds', async () => {
    await expect(runner.start({ collection: 'nonsense', generation: 1, checkpoint: null, pageSize: PAGE }, () => undefined).done).rejects.toThrow('no read-model projection is named nonsense');
  });
});

/**
 * The projector against real SQLite stores: one writer at a time, read models that follow the feed,
 * rebuilds into a new generation while the live one keeps serving, projections new to a store built
 * the same way, and read models started over when the event store is an earlier copy of their history.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteEventStore, type NewEvent, type Position, type RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import { SqliteDocumentStore } from '../sqlite/sqlite-document-store';
import type { Projection } from '../projections/projection';
import { ReadModel } from '../read-models/read-model';
import { until } from '../testing/until';
import type { CatchUpRunner } from './catch-up-runner';
import { LocalCatchUpRunner } from './local-catch-up-runner';
import { Projector } from './projector';

interface Tally {
  stream: string;
  count: number;
  /** What the projection's version makes of an event: the version bump is visible in the documents. */
  madeBy: number;
}

/** Counts the `Ticked` events of each stream, keyed by its prefix. */
function tallies(version: number, collection = 'tallies'): Projection<Tally> {
  return {
    collection,
    version,
    schema: z.object({ stream: z.string(), count: z.number(), madeBy: z.number() }),
    indexes: ['prefix'],
    eventTypes: new Set(['Ticked']),
    documentId: (event: RecordedEvent) => event.stream,
    revisionAfter: (current, event) => (current !== undefined && current.revision >= event.revision ? null : event.revision),
    startsDocument: (event) => event.revision === 0,
    apply: (doc, event) => ({ stream: event.stream, count: (doc?.count ?? 0) + 1, madeBy: version }),
    keys: (doc) => ({ prefix: [doc.stream.split('-')[0] ?? ''] }),
  };
}

interface SeenTally extends Tally {
  seen: number[];
}

/** Version 2 of `tallies`: each document also lists the revisions it took in since version 2 took over; one of before has none. */
function seenTallies(): Projection<SeenTally> {
  const { collection, indexes, eventTypes, documentId, revisionAfter, startsDocument } = tallies(1);
  return {
    collection,
    version: 2,
    schema: z.object({ stream: z.string(), count: z.number(), madeBy: z.number(), seen: z.array(z.number()).default([]) }),
    indexes,
    eventTypes,
    documentId,
    revisionAfter,
    startsDocument,
    apply: (doc, event) => ({ stream: event.stream, count: (doc?.count ?? 0) + 1, madeBy: 2, seen: [...(doc === null ? [] : doc.seen), event.revision] }),
    keys: (doc) => ({ prefix: [doc.stream.split('-')[0] ?? ''] }),
  };
}

const tick = (type = 'Ticked'): NewEvent => ({
  type,
  data: {},
  metadata: { correlation_id: randomUUID(), causation_id: null, business_id: null, actor: 'test', schema_version: 1 },
});

let directory: string;
let events: SqliteEventStore;
let documents: SqliteDocumentStore;
const running: Projector[] = [];
const errors: unknown[] = [];

interface ProjectorSettings {
  retireGraceMs?: number;
  holder?: string;
  catchUpRunner?: CatchUpRunner;
  onStartedOver?: (collections: readonly string[], head: Position | null) => void;
}

function projector(projection: Projection<Tally> | Projection<Tally>[] | Projection<SeenTally>, options: ProjectorSettings = {}): Projector {
  const started = new Projector(events, documents, [projection].flat() as Projection[], {
    holder: options.holder ?? `${os.hostname()}/${process.pid}/${randomUUID()}`,
    clock: { now: () => new Date() },
    onError: (error) => errors.push(error),
    housekeepingIntervalMs: 20,
    retireGraceMs: options.retireGraceMs ?? 50,
    pageSize: 7,
    ...(options.catchUpRunner === undefined ? {} : { catchUpRunner: options.catchUpRunner }),
    ...(options.onStartedOver === undefined ? {} : { onStartedOver: options.onStartedOver }),
  });
  running.push(started);
  return started;
}

async function append(stream: string, count: number) {
  let last = null;
  for (let index = 0; index < count; index += 1) last = await events.append(stream, [tick()], 'any');
  if (last === null) throw new Error('nothing appended');
  return last.position;
}

const stateOf = async (collection: string) => (await documents.collections()).find((state) => state.collection === collection);
const liveGeneration = async () => (await stateOf('tallies'))?.live?.generation;

/** Catches generations up on the projector's thread, as the local runner does, once `open` is called. */
function heldRunner(projections: readonly Projection[]): CatchUpRunner & { open(): void } {
  const local = new LocalCatchUpRunner(events, documents, projections);
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    start(job, onPage) {
      let stop = () => {};
      let stopped = false;
      const done = opened.then(() => {
        if (stopped) return false;
        const run = local.start(job, onPage);
        stop = run.stop;
        return run.done;
      });
      return {
        done,
        stop: () => {
          stopped = true;
          stop();
        },
      };
    },
    drop: async () => undefined,
  };
}

const openEvents = () => SqliteEventStore.open(path.join(directory, 'events.sqlite'), { pollIntervalMs: 20 });

/** Closes the event store, lets `change` do what it will with its file, and opens it again. */
async function reopenEvents(change: (file: string) => void): Promise<void> {
  await events.close();
  change(path.join(directory, 'events.sqlite'));
  events = openEvents();
}

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'projector-'));
  events = openEvents();
  documents = SqliteDocumentStore.open(path.join(directory, 'read.sqlite'));
  errors.length = 0;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((started) => started.stop()));
  await documents.close();
  await events.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('the projector', () => {
  it('builds the read models from history, then follows new events, and lets a caller wait for a position', async () => {
    await append('a-1', 3);
    const live = projector(tallies(1));
    await live.start();
    const position = await append('a-1', 2);
    expect(await live.waitFor(position, 5000)).toBe(true);
    expect(await documents.get('tallies', 'a-1')).toMatchObject({ revision: 4, doc: { count: 5 } });
    expect(await documents.count('tallies', 'prefix', 'a')).toBe(1);
    expect(errors).toEqual([]);
  });

  it('writes only while it holds the lease; a standby takes over once the writer stops', async () => {
    const writer = projector(tallies(1));
    const standby = projector(tallies(1));
    await writer.start();
    await standby.start();
    expect([writer.isWriter, standby.isWriter]).toEqual([true, false]);
    await writer.stop();
    await until(async () => standby.isWriter, 'the standby to take over');
    const position = await append('b-1', 1);
    expect(await standby.waitFor(position, 5000)).toBe(true);
    expect(await documents.get('tallies', 'b-1')).toMatchObject({ doc: { count: 1 } });
  });

  it('rebuilds a projection whose version changed beside the old generation, which serves until the new one is live', async () => {
    await append('c-1', 20);
    const first = projector(tallies(1));
    await first.start();
    await first.catchUp(5000);
    const oldGeneration = await liveGeneration();
    await first.stop();

    const bumped = projector(tallies(2));
    await bumped.start();
    // Every read during the rebuild is answered whole by one generation: version 1's until the swap.
    const seen: [number | undefined, number | undefined][] = [];
    await until(async () => {
      const generation = await liveGeneration();
      const madeBy = (await new ReadModel(documents, tallies(1)).get('c-1'))?.madeBy;
      // A swap between the two reads says nothing about either generation.
      if ((await liveGeneration()) === generation) seen.push([generation, madeBy]);
      return generation !== oldGeneration;
    }, 'the rebuilt generation to go live');
    for (const [generation, madeBy] of seen) expect(madeBy).toBe(generation === oldGeneration ? 1 : 2);
    const position = await append('c-1', 1);
    expect(await bumped.waitFor(position, 5000)).toBe(true);
    expect(await documents.get('tallies', 'c-1')).toMatchObject({ revision: 20, doc: { count: 21, madeBy: 2 } });
    await until(async () => (await documents.collections()).every((state) => state.retired.length === 0), 'the old generation to be dropped');
    expect(errors).toEqual([]);
  });

  it('given more retired generations than an AbortSignal takes listeners before warning, when it starts, then it drops them one at a time, with no warning', async () => {
    const shape = { collection: 'tallies', version: 1, indexes: ['prefix'] };
    await documents.createGeneration(shape, 'live', new Date());
    for (let retired = 0; retired < 12; retired += 1) {
      const next = await documents.createGeneration(shape, 'next', new Date());
      await documents.promote('tallies', next.generation);
    }
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    let dropping = 0;
    let mostAtOnce = 0;
    const local = new LocalCatchUpRunner(events, documents, [tallies(1)]);
    // As the worker's runner does: each drop listens to the signal that stops it while it runs.
    const runner: CatchUpRunner = {
      start: (job, onPage) => local.start(job, onPage),
      drop: async (_target, signal) => {
        const stop = () => undefined;
        signal?.addEventListener('abort', stop);
        dropping += 1;
        mostAtOnce = Math.max(mostAtOnce, dropping);
        await new Promise((resolve) => setTimeout(resolve, 5));
        dropping -= 1;
        signal?.removeEventListener('abort', stop);
      },
    };

    try {
      await projector(tallies(1), { catchUpRunner: runner }).start();
      await until(async () => (await stateOf('tallies'))?.retired.length === 0, 'the retired generations to be dropped');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }

    expect(mostAtOnce).toBe(1);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
    expect(errors).toEqual([]);
  });

  it('builds a projection new to a store that serves others beside them: no answer waits for its history, and it serves once whole', async () => {
    for (let stream = 0; stream < 10; stream += 1) await events.append(`n-${stream}`, Array.from({ length: 20 }, () => tick()), 'any');
    const before = projector(tallies(1));
    await before.start();
    await before.catchUp(5000);
    await before.stop();

    const added = [tallies(1), tallies(1, 'counts')];
    const runner = heldRunner(added);
    const upgraded = projector(added, { catchUpRunner: runner });
    await upgraded.start();
    const position = await append('n-0', 1);
    expect(await upgraded.waitFor(position, 5000)).toBe(true);
    expect(await documents.get('tallies', 'n-0')).toMatchObject({ doc: { count: 21 } });
    // Its history is the runner's to replay: until then it has no live generation, and nothing is read from it.
    expect(await stateOf('counts')).toMatchObject({ live: null, next: { generation: 1, version: 1 } });
    expect(await documents.get('counts', 'n-0')).toBeNull();

    runner.open();
    await until(async () => (await stateOf('counts'))?.live != null, 'the new projection to go live');
    for (let stream = 0; stream < 10; stream += 1) expect(await documents.get('counts', `n-${stream}`)).toMatchObject({ doc: { count: stream === 0 ? 21 : 20 } });
    const after = await append('n-1', 1);
    expect(await upgraded.waitFor(after, 5000)).toBe(true);
    expect(await documents.get('counts', 'n-1')).toMatchObject({ doc: { count: 21 } });
    expect(errors).toEqual([]);
  });

  it("goes on writing into the old version's generation while the new one is built, reading its documents as the new schema does", async () => {
    await append('s-1', 3);
    const first = projector(tallies(1));
    await first.start();
    await first.catchUp(5000);
    await first.stop();

    const runner = heldRunner([seenTallies() as Projection]);
    const bumped = projector(seenTallies(), { catchUpRunner: runner });
    await bumped.start();
    const position = await append('s-1', 1);
    expect(await bumped.waitFor(position, 5000)).toBe(true);
    // Version 1's generation, still live, takes the event as version 2 makes it of its document read as version 2.
    expect(await stateOf('tallies')).toMatchObject({ live: { version: 1 }, next: { version: 2 } });
    expect(await documents.get('tallies', 's-1')).toMatchObject({ revision: 3, doc: { count: 4, madeBy: 2, seen: [3] } });

    runner.open();
    await until(async () => (await stateOf('tallies'))?.live?.version === 2, 'version 2 to go live');
    expect(await documents.get('tallies', 's-1')).toMatchObject({ revision: 3, doc: { count: 4, seen: [0, 1, 2, 3] } });
    expect(errors).toEqual([]);
  });

  it('picks up a rebuild an operator asked for while it runs, and the new generation equals a fresh fold', async () => {
    const live = projector(tallies(1));
    await live.start();
    for (let stream = 0; stream < 10; stream += 1) await append(`d-${stream}`, stream + 1);
    await live.catchUp(5000);
    const before = await liveGeneration();

    await documents.createGeneration({ collection: 'tallies', version: 1, indexes: ['prefix'] }, 'next', new Date());
    const during = append('d-0', 5);
    await until(async () => (await liveGeneration()) !== before, 'the requested generation to go live');
    await live.waitFor(await during, 5000);

    for (let stream = 0; stream < 10; stream += 1) {
      const expected = stream === 0 ? 6 : stream + 1;
      expect(await documents.get('tallies', `d-${stream}`)).toMatchObject({ doc: { count: expected } });
    }
    expect(await documents.count('tallies', 'prefix', 'd')).toBe(10);
  });

  it('rebuilds from a feed where its events are rare, then most of it, into the same documents as the live generation', async () => {
    const live = projector(tallies(1));
    await live.start();
    const expected = new Map<string, number>();
    // 40 appends of 10 events: first one Ticked in 10 (the builder reads them through the store's filter),
    // then nine in 10 (it reads the feed and skips the others); more pages than a probe spans, at 7 a page.
    for (let batch = 0; batch < 40; batch += 1) {
      const stream = `m-${batch % 5}`;
      const types = Array.from({ length: 10 }, (_, index) => ((index === 0) === batch < 20 ? 'Ticked' : 'Other'));
      await events.append(stream, types.map(tick), 'any');
      expected.set(stream, (expected.get(stream) ?? 0) + types.filter((type) => type === 'Ticked').length);
    }
    await live.catchUp(5000);
    const before = await liveGeneration();

    await documents.createGeneration({ collection: 'tallies', version: 1, indexes: ['prefix'] }, 'next', new Date());
    await until(async () => (await liveGeneration()) !== before, 'the requested generation to go live');

    for (const [stream, count] of expected) expect(await documents.get('tallies', stream)).toMatchObject({ doc: { count } });
    expect(await documents.count('tallies', 'prefix', 'm')).toBe(5);
  });

  it('given read models of events the store no longer has (it was restored from an earlier copy), the writer that takes over builds them again from its start and then follows it', async () => {
    const backup = path.join(directory, 'events.backup');
    await append('a-1', 3);
    await reopenEvents((file) => fs.copyFileSync(file, backup));
    await append('a-1', 2);
    await append('gone-1', 1);
    const before = projector(tallies(1));
    await before.start();
    expect(await before.catchUp(5000)).toBe(true);
    await before.stop();
    running.splice(running.indexOf(before), 1);
    const generationBefore = await liveGeneration();
    await reopenEvents((file) => fs.copyFileSync(backup, file));

    const startedOver: Array<{ collections: readonly string[]; head: Position | null }> = [];
    const after = projector(tallies(1), { onStartedOver: (collections, head) => startedOver.push({ collections, head }) });
    await after.start();
    const position = await append('b-1', 1);

    expect(await after.waitFor(position, 5000)).toBe(true);
    expect(startedOver).toEqual([{ collections: ['tallies'], head: '3' }]);
    expect(await liveGeneration()).toBeGreaterThan(generationBefore ?? Infinity);
    expect(await documents.get('tallies', 'a-1')).toMatchObject({ revision: 2, doc: { count: 3 } });
    expect(await documents.get('tallies', 'gone-1')).toBeNull();
    expect(await documents.get('tallies', 'b-1')).toMatchObject({ revision: 0, doc: { count: 1 } });
    expect(errors).toEqual([]);
  });
});

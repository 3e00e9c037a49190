/**
 * The catch-up worker against real SQLite files: a next generation built in the worker thread equals
 * the live one built on the projector's thread, a stopped job resumes from the checkpoint it reported,
 * and a job the worker cannot do fails instead of hanging. The worker runs the compiled package.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { passEvents, schemaVersionOf, streamNames, type PassEvent } from '@passes/domain';
import { SqliteEventStore, type NewEvent, type Position } from '@passes/event-store';
import { passIssued } from '../../../../domain/src/testing/pass-fixtures';
import type { GenerationRef } from '../../document-store';
import { newLeaseHolder } from '../../projector/lease-holder';
import { Projector, PROJECTOR_LEASE } from '../../projector/projector';
import { readModelProjections } from '../../projections/read-models';
import { SqliteDocumentStore } from '../sqlite-document-store';
import { WorkerCatchUpRunner } from './worker-catch-up-runner';
import type { CatchUpPage, CatchUpRunner } from '../../projector/catch-up-runner';
import { until } from '../../testing/until';

const PASSES = 30;
const STAMPS_EACH = 6;
/** The revision of each pass's last event: issued, then STAMPS_EACH stamps. */
const PASSES_REVISION = STAMPS_EACH;
const BUSINESS = randomUUID();

const passesProjection = readModelProjections.filter((projection) => projection.collection === 'passes');

function newEvent(event: PassEvent): NewEvent {
  return {
    type: event.type,
    data: { ...event.data },
    metadata: { correlation_id: randomUUID(), causation_id: null, business_id: BUSINESS, actor: 'test', schema_version: schemaVersionOf(passEvents, event.type) },
  };
}

let directory: string;
let events: SqliteEventStore;
let documents: SqliteDocumentStore;
let runner: WorkerCatchUpRunner;
const passIds: string[] = [];

beforeEach(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'catch-up-worker-'));
  const files = { events: path.join(directory, 'events.sqlite'), documents: path.join(directory, 'read-models.sqlite') };
  events = SqliteEventStore.open(files.events);
  documents = SqliteDocumentStore.open(files.documents);
  runner = new WorkerCatchUpRunner(files);
  passIds.length = 0;
  for (let index = 0; index < PASSES; index += 1) {
    const passId = randomUUID();
    passIds.push(passId);
    const issued = passIssued({ pass_id: passId, business_id: BUSINESS, serial_number: `PS-TEST-${String(index).padStart(4, '0')}`, external_id: `member-${index}` });
    const stamps = Array.from({ length: STAMPS_EACH }, (_, stamp): PassEvent => ({ type: 'PassStamped', data: { count: 1, stamps: stamp + 1, occurred_at: '2026-11-21T09:10:00.000Z' } }));
    await events.append(streamNames.pass(passId), [issued, ...stamps].map(newEvent), 'no_stream');
  }
  // The live generation, built on this thread by a projector that then stops.
  const projector = new Projector(events, documents, passesProjection, { holder: newLeaseHolder(), clock: { now: () => new Date() }, onError: (error) => { throw error; } });
  await projector.start();
  expect(await projector.catchUp(5000)).toBe(true);
  await projector.stop();
});

afterEach(async () => {
  await documents.close();
  await events.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function nextGeneration(): Promise<GenerationRef> {
  const next = await documents.createGeneration({ collection: 'passes', version: passesProjection[0]?.version ?? 0, indexes: passesProjection[0]?.indexes ?? [] }, 'next', new Date());
  return { collection: 'passes', generation: next.generation };
}

async function expectSameDocuments(next: GenerationRef): Promise<void> {
  const live = (await documents.collections()).find((state) => state.collection === 'passes')?.live;
  if (!live) throw new Error('no live generation of passes');
  const built = await documents.load(next, passIds);
  const expected = await documents.load({ collection: 'passes', generation: live.generation }, passIds);
  expect(built.size).toBe(PASSES);
  expect(built).toEqual(expected);
}

/** The nice values of this process's threads (Linux: the 19th field of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('a generation caught up in the worker thread', () => {
  (process.platform === 'linux' ? it : it.skip)('is built at nice 10 by the worker’s thread alone, so that the threads serving requests come first', async () => {
    const next = await nextGeneration();
    let during: number[] = [];

    await runner.start({ ...next, checkpoint: null, pageSize: 25 }, () => {
      if (during.length === 0) during = threadNiceValues();
    }).done;

    expect(during.filter((nice) => nice === 10)).toHaveLength(1);
    expect(os.getPriority(0)).not.toBe(10);
  });


  it('equals the live generation built on the projector’s thread, and each page is reported as it commits', async () => {
    const next = await nextGeneration();
    const pages: CatchUpPage[] = [];

    const caughtUp = await runner.start({ ...next, checkpoint: null, pageSize: 25 }, (page) => pages.push(page)).done;

    expect(caughtUp).toBe(true);
    expect(pages.length).toBeGreaterThan(PASSES * (1 + STAMPS_EACH) / 25);
    expect(pages.at(-1)).toEqual({ checkpoint: await events.headPosition(), replayed: PASSES * (1 + STAMPS_EACH) });
    const state = (await documents.collections()).find((candidate) => candidate.collection === 'passes')?.next;
    expect(state?.checkpoint).toBe(await events.headPosition());
    await expectSameDocuments(next);
  });

  it('builds jobs started together from one replay of the feed, each caught up with its own events', async () => {
    const next = await nextGeneration();
    const usage = readModelProjections.find((projection) => projection.collection === 'business_usage');
    if (!usage) throw new Error('no business_usage projection');
    const usageNext = await documents.createGeneration({ collection: usage.collection, version: usage.version, indexes: usage.indexes }, 'next', new Date());
    const usagePages: CatchUpPage[] = [];

    const done = await Promise.all([
      runner.start({ ...next, checkpoint: null, pageSize: 25 }, () => undefined).done,
      runner.start({ collection: usage.collection, generation: usageNext.generation, checkpoint: null, pageSize: 25 }, (page) => usagePages.push(page)).done,
    ]);

    expect(done).toEqual([true, true]);
    const head = await events.headPosition();
    // Alone, its few events would be read by type in two pages; together, it takes them from the feed's pages.
    expect(usagePages.length).toBeGreaterThan((PASSES * (1 + STAMPS_EACH)) / 25);
    expect(usagePages.at(-1)).toEqual({ checkpoint: head, replayed: PASSES });
    await expectSameDocuments(next);
    const usageDocument = await documents.load({ collection: usage.collection, generation: usageNext.generation }, [BUSINESS]);
    expect(usageDocument.get(BUSINESS)?.doc).toMatchObject({ businessId: BUSINESS, livePasses: PASSES });
  });

  it('stopped after a page, keeps that page committed; started again from its checkpoint, it completes the same generation', async () => {
    const next = await nextGeneration();
    let reached: Position | null = null;
    const first = runner.start({ ...next, checkpoint: null, pageSize: 10 }, (page) => {
      reached = page.checkpoint;
      first.stop();
    });

    expect(await first.done).toBe(false);
    const state = (await documents.collections()).find((candidate) => candidate.collection === 'passes')?.next;
    expect(reached).not.toBeNull();
    expect(state?.checkpoint).toBe(reached);

    expect(await runner.start({ ...next, checkpoint: reached, pageSize: 10 }, () => undefined).done).toBe(true);
    await expectSameDocuments(next);
  });

  it('fails a job for a collection no read-model projection builds', async () => {
    await expect(runner.start({ collection: 'nonsense', generation: 1, checkpoint: null, pageSize: 10 }, () => undefined).done).rejects.toThrow('no read-model projection is named nonsense');
  });
});

describe('a generation dropped in the worker thread', () => {
  it('goes with its documents, as DocumentStore.drop would have dropped it', async () => {
    const next = await nextGeneration();
    expect(await runner.start({ ...next, checkpoint: null, pageSize: 100 }, () => undefined).done).toBe(true);

    await runner.drop(next);

    expect((await documents.collections()).find((state) => state.collection === 'passes')?.next).toBeNull();
    expect(await documents.load(next, passIds)).toEqual(new Map());
  });

  it('holds up neither the projector’s commits nor its lease renewals while it runs', async () => {
    const released = deferred();
    const dropping = deferred();
    // The runner's drop is held until released: as a worker thread still starting, or a large generation, would hold it.
    const gated: CatchUpRunner = {
      start: (job, onPage) => runner.start(job, onPage),
      drop: async (target) => {
        dropping.resolve();
        await released.promise;
        await runner.drop(target);
      },
    };
    const errors: unknown[] = [];
    const projector = new Projector(events, documents, passesProjection, {
      holder: newLeaseHolder(),
      clock: { now: () => new Date() },
      onError: (error) => errors.push(error),
      catchUpRunner: gated,
      retireGraceMs: 0,
      housekeepingIntervalMs: 20,
    });
    await projector.start();
    const replaced = (await documents.collections()).find((state) => state.collection === 'passes')?.live?.generation;
    await nextGeneration();
    await dropping.promise;
    const leaseUntil = (await documents.leaseHolder(PROJECTOR_LEASE))?.until;

    const passId = passIds[0] ?? '';
    const stamped = await events.append(streamNames.pass(passId), [newEvent({ type: 'PassStamped', data: { count: 1, stamps: STAMPS_EACH + 1, occurred_at: '2026-11-21T09:20:00.000Z' } })], PASSES_REVISION);
    expect(await projector.waitFor(stamped.position, 5000)).toBe(true);
    expect(await documents.get('passes', passId)).toMatchObject({ doc: { stamps: STAMPS_EACH + 1 } });
    await until(async () => (await documents.leaseHolder(PROJECTOR_LEASE))?.until.getTime() !== leaseUntil?.getTime(), 'the lease to be renewed');
    expect((await documents.collections()).find((candidate) => candidate.collection === 'passes')?.retired).toEqual([replaced]);

    released.resolve();
    await until(async () => (await documents.collections()).find((candidate) => candidate.collection === 'passes')?.retired.length === 0, 'the replaced generation to be dropped');
    expect((await documents.collections()).find((candidate) => candidate.collection === 'passes')?.live?.generation).not.toBe(replaced);
    await projector.stop();
    expect(errors).toEqual([]);
  });
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * SharedReplay against real SQLite files: several projections' next generations built from one read of
 * each page of the feed and one commit of it, each from its own checkpoint, ending as each would alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SqliteEventStore, type EventStore, type Position } from '@passes/event-store';
import type { GenerationRef, GenerationWrites } from '../document-store';
import type { Projection } from '../projections/projection';
import { tally, tallyOf } from '../testing/tally-projection';
import { SqliteDocumentStore } from '../sqlite/sqlite-document-store';
import { SharedReplay, type ReplayMember } from './shared-replay';

const ticks = tallyOf('ticks', 'Ticked');
const tocks = tallyOf('tocks', 'Tocked');
const STREAMS = ['clock-a', 'clock-b'];
/** Each stream: a Ticked and a Tocked, ROUNDS times. */
const ROUNDS = 10;
const FEED = STREAMS.length * ROUNDS * 2;

let directory: string;
let events: SqliteEventStore;
let documents: SqliteDocumentStore;
let reads: number;
let commits: Array<readonly GenerationWrites[]>;

beforeEach(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-replay-'));
  events = SqliteEventStore.open(path.join(directory, 'events.sqlite'));
  documents = SqliteDocumentStore.open(path.join(directory, 'read.sqlite'));
  reads = 0;
  commits = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const stream of STREAMS) {
      const metadata = { correlation_id: 'c', causation_id: null, business_id: null, actor: 'test', schema_version: 1 };
      await events.append(stream, [{ type: 'Ticked', data: {}, metadata }, { type: 'Tocked', data: {}, metadata }], 'any');
    }
  }
});

afterEach(async () => {
  await documents.close();
  await events.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** The real stores, with their reads of the feed and their commits counted. */
function replayOf(pageSize: number): SharedReplay {
  const counted: Pick<EventStore, 'readAll'> = {
    readAll: (options) => {
      reads += 1;
      return events.readAll(options);
    },
  };
  const committing = {
    load: documents.load.bind(documents),
    commit: (batch: readonly GenerationWrites[], position: Position) => {
      commits.push(batch);
      return documents.commit(batch, position);
    },
  };
  return new SharedReplay(counted, committing, pageSize);
}

async function memberOf(projection: Projection, checkpoint: Position | null = null): Promise<ReplayMember> {
  const { generation } = await documents.createGeneration({ collection: projection.collection, version: 1, indexes: [] }, 'next', new Date());
  return { projection, target: { collection: projection.collection, generation }, checkpoint, replayed: 0 };
}

async function countsIn(target: GenerationRef): Promise<Record<string, number>> {
  const stored = await documents.load(target, STREAMS);
  return Object.fromEntries([...stored].map(([id, { doc }]) => [id, tally.parse(doc).count]));
}

/** Replays until a page comes back short; the members each page left caught up. */
async function replayToHead(replay: SharedReplay): Promise<ReplayMember[][]> {
  const caughtUp: ReplayMember[][] = [];
  for (;;) {
    const members = await replay.replayPage();
    caughtUp.push(members);
    if (members.length > 0) return caughtUp;
  }
}

describe('projections replayed together', () => {
  it('read each page of the feed once and commit it once for all of them, and each generation counts its own events', async () => {
    const replay = replayOf(8);
    const tick = await memberOf(ticks);
    const tock = await memberOf(tocks);
    replay.add(tick);
    replay.add(tock);

    const caughtUp = await replayToHead(replay);

    // Five full pages, then an empty one: the head.
    expect(reads).toBe(FEED / 8 + 1);
    expect(commits).toHaveLength(FEED / 8);
    expect(commits.every((batch) => batch.map(({ target }) => target.collection).join() === 'ticks,tocks')).toBe(true);
    expect(caughtUp.at(-1)).toEqual([tick, tock]);
    expect(caughtUp.slice(0, -1).every((members) => members.length === 0)).toBe(true);
    const head = await events.headPosition();
    expect([tick.checkpoint, tock.checkpoint]).toEqual([head, head]);
    expect([tick.replayed, tock.replayed]).toEqual([FEED / 2, FEED / 2]);
    expect(await countsIn(tick.target)).toEqual({ 'clock-a': ROUNDS, 'clock-b': ROUNDS });
    expect(await countsIn(tock.target)).toEqual({ 'clock-a': ROUNDS, 'clock-b': ROUNDS });
  });

  it('start after the least checkpoint; a member past a page’s end takes nothing from it and is not committed with it', async () => {
    const [, , , fourth] = await events.readAll({ after: null, maxCount: 4 });
    const ahead = fourth?.position ?? null;
    const replay = replayOf(2);
    const tick = await memberOf(ticks);
    const tock = await memberOf(tocks, ahead);
    replay.add(tick);
    replay.add(tock);

    expect(await replay.replayPage()).toEqual([]);
    expect(await replay.replayPage()).toEqual([]);

    expect(commits.map((batch) => batch.map(({ target }) => target.collection))).toEqual([['ticks'], ['ticks']]);
    expect(tick.checkpoint).toBe(ahead);
    expect(tock.checkpoint).toBe(ahead);

    await replayToHead(replay);
    // The tocks before `ahead` are the two of the first round: the member took in only what followed.
    expect(await countsIn(tock.target)).toEqual({ 'clock-a': ROUNDS - 1, 'clock-b': ROUNDS - 1 });
    expect(await countsIn(tick.target)).toEqual({ 'clock-a': ROUNDS, 'clock-b': ROUNDS });
  });

  it('leave caught up only the members a short page was replayed into, not one that joined while it was read', async () => {
    const replay = replayOf(FEED * 2);
    const tick = await memberOf(ticks);
    const tock = await memberOf(tocks);
    replay.add(tick);

    const page = replay.replayPage();
    replay.add(tock);

    expect(await page).toEqual([tick]);
    expect(tock.checkpoint).toBeNull();
    expect(await replay.replayPage()).toEqual([tick, tock]);
    expect(await countsIn(tock.target)).toEqual({ 'clock-a': ROUNDS, 'clock-b': ROUNDS });
  });

  it('replay nothing once every member is removed', async () => {
    const replay = replayOf(8);
    const tick = await memberOf(ticks);
    replay.add(tick);
    replay.remove(tick);

    expect(await replay.replayPage()).toEqual([]);
    expect(reads).toBe(0);
  });
});

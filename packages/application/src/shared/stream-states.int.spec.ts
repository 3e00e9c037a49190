/**
 * StreamStates against a real SQLite event store: a remembered state is the fold of the stored events,
 * caught up with whatever any writer appended since, and only those newer events are read.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { replayEncoded, type EventRegistry } from '@passes/domain';
import { SqliteEventStore, type EventStore, type ReadStreamOptions } from '@passes/event-store';
import { toNewEvent } from './command-handler';
import { StreamStates } from './stream-states';

type TallyEvent = { type: 'Added'; data: { amount: number } };
const tallyEvents: EventRegistry<TallyEvent> = { Added: { version: 1, schema: z.object({ amount: z.number().int() }).strict() } };
/** The sum of its events' amounts, and how many there were. */
const tally = {
  decider: {
    decide: (): TallyEvent[] => [],
    evolve: (state: { sum: number; events: number }, event: TallyEvent) => ({ sum: state.sum + event.data.amount, events: state.events + 1 }),
    initialState: () => ({ sum: 0, events: 0 }),
  },
  events: tallyEvents,
};

const context = { actor: 'test', correlationId: 'c-1' };
let directory = '';
let store: SqliteEventStore;
/** The revision each read of a stream started from, in order. */
let readsFrom: number[] = [];
/** The real store, noting where each read of a stream starts. */
const noting: Pick<EventStore, 'readStream'> = {
  readStream: (stream: string, options?: ReadStreamOptions) => {
    readsFrom.push(options?.fromRevision ?? 0);
    return store.readStream(stream, options);
  },
};

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-states-'));
  store = SqliteEventStore.open(path.join(directory, 'events.sqlite'));
  readsFrom = [];
});
afterEach(async () => {
  await store.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function add(stream: string, ...amounts: number[]): Promise<void> {
  await store.append(stream, amounts.map((amount) => toNewEvent(tallyEvents, { type: 'Added', data: { amount } }, null, context)), 'any');
}

const statesOver = (capacity?: number) => new StreamStates(noting, capacity);

describe('StreamStates', () => {
  it('reads a stream it does not know from the start, and then only what was appended since', async () => {
    const states = statesOver();
    await add('tally-1', 1, 2, 3);
    expect(await states.load(tally, 'tally-1')).toEqual({ state: { sum: 6, events: 3 }, revision: 2 });
    await add('tally-1', 10);
    await add('tally-1', 20);
    expect(await states.load(tally, 'tally-1')).toEqual({ state: { sum: 36, events: 5 }, revision: 4 });
    expect(await states.load(tally, 'tally-1')).toEqual({ state: { sum: 36, events: 5 }, revision: 4 });
    expect(readsFrom).toEqual([0, 3, 5]);
  });

  it('answers what a full replay of the stored events answers', async () => {
    const states = statesOver();
    for (let round = 0; round < 5; round += 1) {
      await add('tally-2', round, round * 2);
      const replayed = replayEncoded(tally, await store.readStream('tally-2'));
      expect((await states.load(tally, 'tally-2')).state).toEqual(replayed);
    }
  });

  it('knows nothing of a stream that does not exist', async () => {
    expect(await statesOver().load(tally, 'tally-none')).toEqual({ state: { sum: 0, events: 0 }, revision: null });
  });

  it('forgets the least recently used stream beyond its capacity', async () => {
    const states = statesOver(2);
    for (const stream of ['tally-a', 'tally-b', 'tally-c']) await add(stream, 1);
    for (const stream of ['tally-a', 'tally-b', 'tally-a', 'tally-c', 'tally-a', 'tally-b']) await states.load(tally, stream);
    // a, b from the start; a again from 1; c from the start (b goes); a from 1; b from the start again.
    expect(readsFrom).toEqual([0, 0, 1, 0, 1, 0]);
  });

  it('does not take one aggregate’s state for another’s on the same stream', async () => {
    const states = statesOver();
    await add('tally-3', 5);
    await states.load(tally, 'tally-3');
    const other = { ...tally, decider: { ...tally.decider, initialState: () => ({ sum: 100, events: 0 }) } };
    expect((await states.load(other, 'tally-3')).state).toEqual({ sum: 105, events: 1 });
    expect(readsFrom).toEqual([0, 0]);
  });
});

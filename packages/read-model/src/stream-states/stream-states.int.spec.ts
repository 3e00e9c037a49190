/**
 * StreamStates against a real SQLite event store: a remembered state is the fold of the stored events,
 * caught up with whatever any writer appended since, and only those newer events are read; a follower
 * of the feed gets the state right after each event it meets.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { replayEncoded, type EventRegistry } from '@passes/domain';
import { SqliteEventStore, type EventStore, type NewEvent, type ReadStreamOptions, type RecordedEvent } from '@passes/event-store';
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

const added = (amount: number): NewEvent => ({
  type: 'Added',
  data: { amount },
  metadata: { correlation_id: 'c-1', causation_id: null, business_id: null, actor: 'test', schema_version: 1 },
});

async function add(stream: string, ...amounts: number[]): Promise<void> {
  await store.append(stream, amounts.map((amount) => added(amount)), 'any');
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

  it('takes the state an append of its own left for the fold up to that append, and reads on from there', async () => {
    const states = statesOver();
    await add('tally-4', 1, 2);
    states.appended(tally, 'tally-4', { sum: 3, events: 2 }, 1);
    await add('tally-4', 4);
    expect(await states.load(tally, 'tally-4')).toEqual({ state: { sum: 7, events: 3 }, revision: 2 });
    expect(readsFrom).toEqual([2]);
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

  describe('the state right after an event', () => {
    const eventsOf = async (stream: string): Promise<RecordedEvent[]> => (await store.readAll()).filter((event) => event.stream === stream);
    const replayedThrough = async (stream: string, revision: number) => replayEncoded(tally, await store.readStream(stream, { maxCount: revision + 1 }));

    it('follows a stream event by event without reading it', async () => {
      const states = statesOver();
      await add('tally-f', 1, 2, 3, 4);
      for (const event of await eventsOf('tally-f')) {
        expect(await states.stateAfter(tally, event)).toEqual(await replayedThrough('tally-f', event.revision));
      }
      expect(readsFrom).toEqual([]);
    });

    it('reads the events between the state it remembers and the event, and the whole stream up to an event it has passed', async () => {
      const states = statesOver();
      await add('tally-g', 1, 2, 3, 4, 5);
      const [first, second, , fourth, fifth] = await eventsOf('tally-g');
      if (!first || !second || !fourth || !fifth) throw new Error('five events expected');
      expect(await states.stateAfter(tally, first)).toEqual({ sum: 1, events: 1 });
      expect(await states.stateAfter(tally, fourth)).toEqual({ sum: 10, events: 4 });
      expect(await states.stateAfter(tally, second)).toEqual({ sum: 3, events: 2 });
      expect(await states.stateAfter(tally, fifth)).toEqual({ sum: 15, events: 5 });
      // The first starts its stream; the fourth reads from 1; the second, passed, from 0; the fifth follows the fourth.
      expect(readsFrom).toEqual([1, 0]);
    });

    it('answers an event again from memory, and shares what it remembers with load', async () => {
      const states = statesOver();
      await add('tally-h', 7, 8);
      const [, second] = await eventsOf('tally-h');
      if (!second) throw new Error('two events expected');
      expect(await states.stateAfter(tally, second)).toEqual({ sum: 15, events: 2 });
      expect(await states.stateAfter(tally, second)).toEqual({ sum: 15, events: 2 });
      expect(await states.load(tally, 'tally-h')).toEqual({ state: { sum: 15, events: 2 }, revision: 1 });
      expect(readsFrom).toEqual([0, 2]);
    });
  });
});

/**
 * CommandHandler against a real SQLite event store: commands on one stream wait in line in the process and
 * those that waited together are appended together; a writer elsewhere makes it back off and retry, then
 * give up with a conflict the caller may retry.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DomainError, type EventRegistry } from '@passes/domain';
import { SqliteEventStore, type EventStore, type ReadStreamOptions } from '@passes/event-store';
import { CommandHandler, toNewEvent } from './command-handler';
import type { ConflictBackoff } from './conflict-backoff';

const context = { actor: 'test', correlationId: 'c-1' };
let directory = '';
let store: SqliteEventStore;
let delays: number[] = [];
/** Waits nothing, remembering how long it was asked to wait. */
const recordedSleep = async (ms: number) => {
  delays.push(ms);
};
const backoff: ConflictBackoff = { maxAttempts: 5, delayMs: (attempt) => attempt * 10 };
let handler: CommandHandler;

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'command-handler-'));
  store = SqliteEventStore.open(path.join(directory, 'events.sqlite'));
  delays = [];
  handler = new CommandHandler(store, { backoff, sleep: recordedSleep });
});
afterEach(async () => {
  await store.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** Another writer slipping into the stream between this command's read and its append. */
async function interfere(stream: string): Promise<void> {
  await store.append(stream, [toNewEvent(counterEvents, { type: 'Interference', data: {} }, null, context)], 'any');
}

type CounterEvent = { type: 'Counted'; data: Record<string, never> } | { type: 'Interference'; data: Record<string, never> };
const counterEvents: EventRegistry<CounterEvent> = {
  Counted: { version: 1, schema: z.object({}).strict() },
  Interference: { version: 1, schema: z.object({}).strict() },
};

/** Counts the events of its stream; every command records one more. */
const counter = {
  decider: {
    decide: (): CounterEvent[] => [{ type: 'Counted', data: {} }],
    evolve: (count: number) => count + 1,
    initialState: () => 0,
  },
  events: counterEvents,
};

describe('CommandHandler', () => {
  it('decides again on fresh state when another writer got in first', async () => {
    let attempts = 0;
    const result = await handler.handle(counter, { stream: 'counter-1', businessId: null, context }, async () => {
      attempts += 1;
      if (attempts === 1) await interfere('counter-1');
      return { type: 'Count' as const };
    });
    expect(attempts).toBe(2);
    expect(delays).toEqual([10]);
    expect(result.state).toBe(2);
    expect((await store.readStream('counter-1')).map((event) => event.type)).toEqual(['Interference', 'Counted']);
  });

  it('decides a new stream\'s first command without reading it; a stream that existed after all is read on the retry', async () => {
    await interfere('counter-new');
    const seen: number[] = [];
    const result = await handler.handle(counter, { stream: 'counter-new', businessId: null, context, isNew: true }, (state) => {
      seen.push(state);
      return { type: 'Count' as const };
    });
    expect(seen).toEqual([0, 1]);
    expect(result.state).toBe(2);
    expect((await store.readStream('counter-new')).map((event) => event.type)).toEqual(['Interference', 'Counted']);
  });

  it('gives up after five attempts lost to concurrent writers, backing off between them, writing nothing', async () => {
    const outcome = handler.handle(counter, { stream: 'counter-2', businessId: null, context }, async () => {
      await interfere('counter-2');
      return { type: 'Count' as const };
    });
    await expect(outcome).rejects.toBeInstanceOf(DomainError);
    await expect(outcome).rejects.toMatchObject({ code: 'conflict', details: { retry_after_seconds: 1 } });
    expect(delays).toEqual([10, 20, 30, 40]);
    expect((await store.readStream('counter-2')).map((event) => event.type)).toEqual(Array(5).fill('Interference'));
  });

  it('decides concurrent commands on one stream one after another, none of them retried, those that waited in one append', async () => {
    let attempts = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        handler.handle(counter, { stream: 'counter-3', businessId: null, context }, () => {
          attempts += 1;
          return { type: 'Count' as const };
        }),
      ),
    );
    expect(attempts).toBe(50);
    expect(results.map((result) => result.state)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(delays).toEqual([]);
    // The first went alone; the 49 that arrived while it was appended went in one append.
    expect(new Set(results.map((result) => result.position)).size).toBe(2);
    expect(await store.readStream('counter-3')).toHaveLength(50);
  });

  it('refuses one command of those appended together without touching the others', async () => {
    const refusing = { ...counter, decider: { ...counter.decider, decide: (command: { type: 'Count'; refuse: boolean }) => {
      if (command.refuse) throw new DomainError('invalid_state', 'refused');
      return counter.decider.decide();
    } } };
    const outcomes = await Promise.allSettled(
      [false, false, true, false].map((refuse) => handler.handle(refusing, { stream: 'counter-5', businessId: null, context }, () => ({ type: 'Count' as const, refuse }))),
    );
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.state : 'refused'))).toEqual([1, 2, 'refused', 3]);
    expect(await store.readStream('counter-5')).toHaveLength(3);
  });

  it('decides a command again when another writer got in, and those behind it on the state it left', async () => {
    let interfered = false;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        handler.handle(counter, { stream: 'counter-6', businessId: null, context }, async () => {
          if (!interfered) {
            interfered = true;
            await interfere('counter-6');
          }
          return { type: 'Count' as const };
        }),
      ),
    );
    expect(results.map((result) => result.state)).toEqual([2, 3, 4]);
    expect((await store.readStream('counter-6')).map((event) => event.type)).toEqual(['Interference', 'Counted', 'Counted', 'Counted']);
  });

  it('decides on the state its own appends leave without a read; what others appended since is read when its append is refused', async () => {
    const readsFrom: number[] = [];
    // The real store, noting where each read of a stream starts.
    const noting: EventStore = new Proxy(store, {
      get: (target, property, receiver) =>
        property === 'readStream'
          ? (stream: string, options?: ReadStreamOptions) => {
              readsFrom.push(options?.fromRevision ?? 0);
              return target.readStream(stream, options);
            }
          : Reflect.get(target, property, receiver),
    });
    const remembering = new CommandHandler(noting, { backoff, sleep: recordedSleep });
    const count = () => remembering.handle(counter, { stream: 'counter-7', businessId: null, context }, () => ({ type: 'Count' as const }));
    await count();
    await count();
    await interfere('counter-7');
    expect((await count()).state).toBe(4);
    expect(await remembering.load(counter, 'counter-7')).toEqual({ state: 4, revision: 3 });
    // The stream from its start (it does not exist); then nothing until the third count's append is refused,
    // and from the revision after the one remembered; `load` from the revision after the third count's.
    expect(readsFrom).toEqual([0, 2, 4]);
    expect(delays).toEqual([]);
  });

  it('refuses a command only on the stream as stored: one its remembered state refuses is decided again when others appended since', async () => {
    // Refuses a count while the count is odd.
    const evenOnly = { ...counter, decider: { ...counter.decider, decide: (_: { type: 'Count' }, count: number) => {
      if (count % 2 === 1) throw new DomainError('invalid_state', 'odd');
      return counter.decider.decide();
    } } };
    const count = () => handler.handle(evenOnly, { stream: 'counter-8', businessId: null, context }, () => ({ type: 'Count' as const }));
    await count();
    await expect(count()).rejects.toMatchObject({ code: 'invalid_state' });
    await interfere('counter-8');
    expect((await count()).state).toBe(3);
    expect(delays).toEqual([]);
    expect((await store.readStream('counter-8')).map((event) => event.type)).toEqual(['Counted', 'Interference', 'Counted']);
  });

  it('decides on events another writer appended since it last looked', async () => {
    await handler.handle(counter, { stream: 'counter-4', businessId: null, context }, () => ({ type: 'Count' as const }));
    await interfere('counter-4');
    await interfere('counter-4');
    const result = await handler.handle(counter, { stream: 'counter-4', businessId: null, context }, () => ({ type: 'Count' as const }));
    expect(result.state).toBe(4);
    expect(delays).toEqual([]);
    expect(await handler.load(counter, 'counter-4')).toEqual({ state: 4, revision: 3 });
  });
});

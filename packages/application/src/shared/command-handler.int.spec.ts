/** handleCommand against a real SQLite event store: retries on a concurrent writer, then gives up with a conflict. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DomainError, type EventRegistry } from '@passes/domain';
import { SqliteEventStore } from '@passes/event-store';
import { handleCommand, toNewEvent } from './command-handler';

const context = { actor: 'test', correlationId: 'c-1' };
let directory = '';
let store: SqliteEventStore;

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'command-handler-'));
  store = SqliteEventStore.open(path.join(directory, 'events.sqlite'));
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

describe('handleCommand', () => {
  it('decides again on fresh state when another writer got in first', async () => {
    let attempts = 0;
    const result = await handleCommand(store, counter, { stream: 'counter-1', businessId: null, context }, async () => {
      attempts += 1;
      if (attempts === 1) await interfere('counter-1');
      return { type: 'Count' as const };
    });
    expect(attempts).toBe(2);
    expect(result.state).toBe(2);
    expect((await store.readStream('counter-1')).map((event) => event.type)).toEqual(['Interference', 'Counted']);
  });

  it('gives up with a conflict after five attempts lost to concurrent writers, writing nothing', async () => {
    const outcome = handleCommand(store, counter, { stream: 'counter-2', businessId: null, context }, async () => {
      await interfere('counter-2');
      return { type: 'Count' as const };
    });
    await expect(outcome).rejects.toBeInstanceOf(DomainError);
    await expect(outcome).rejects.toMatchObject({ code: 'conflict' });
    expect((await store.readStream('counter-2')).map((event) => event.type)).toEqual(Array(5).fill('Interference'));
  });
});

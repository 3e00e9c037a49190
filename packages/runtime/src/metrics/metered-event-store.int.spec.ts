/** The metered event store counts each call made of the store it wraps, and times each append by its outcome. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore, WrongExpectedRevisionError, type NewEvent } from '@passes/event-store';
import { meteredEventStore } from './metered-event-store';
import { noMetrics, type AppendOutcome, type EventStoreCall, type Metrics } from './metrics';

const event: NewEvent = {
  type: 'PassStamped',
  data: { count: 1 },
  metadata: { correlation_id: 'c-1', causation_id: null, business_id: 'b-1', actor: 'test', schema_version: 1 },
};

let directory = '';
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'metered-event-store-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe('meteredEventStore', () => {
  it('counts every call made of the store, and each append by its outcome', async () => {
    const calls: EventStoreCall[] = [];
    const appends: AppendOutcome[] = [];
    const metrics: Metrics = { ...noMetrics, eventStoreCalled: (call) => calls.push(call), appendTimed: (_seconds, outcome) => appends.push(outcome) };
    const store = meteredEventStore(SqliteEventStore.open(path.join(directory, 'events.sqlite')), metrics);

    await store.append('pass-1', [event], 'no_stream');
    await expect(store.append('pass-1', [event], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream('pass-1')).toHaveLength(1);
    const head = await store.headPosition();
    expect(await store.readAll()).toHaveLength(1);
    expect(head === null ? null : await store.countBetween(null, head, 10)).toBe(1);
    await store.close();

    expect(calls).toEqual(['append', 'append', 'readStream', 'headPosition', 'readAll', 'countBetween']);
    expect(appends).toEqual(['appended', 'conflict']);
  });
});

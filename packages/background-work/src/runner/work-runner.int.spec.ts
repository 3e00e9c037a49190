/** The runner over a real SQLite work store: handlers, the retry schedule, groups, recurring work, stopping. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { SqliteWorkStore } from '../sqlite/sqlite-work-store';
import { newWork, workKind, type Work } from '../work-kind';
import type { WorkStore } from '../work-store';
import type { WorkHandler, WorkResult } from './work-handler';
import type { SettledOutcome } from './settled-outcome';
import { WorkRunner } from './work-runner';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const ECHO = workKind('test.echo', z.object({ n: z.number() }));
const SWEEP = workKind('test.sweep', z.object({}));
const DAY_MS = 86_400_000;

let directory = '';
let files = 0;
let now = T0;
const running: Array<{ runner: WorkRunner; store: WorkStore }> = [];

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'work-runner-'));
});
afterEach(async () => {
  for (const { runner, store } of running.splice(0)) {
    await runner.stop();
    await store.close();
  }
  now = T0;
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** A handler that answers what `answer` says and keeps what it was handed. */
function handlerOf(answer: (work: Work<{ n: number }>, signal: AbortSignal) => Promise<WorkResult>, settings: Partial<WorkHandler<{ n: number }>> = {}) {
  const handled: Array<Work<{ n: number }>> = [];
  const handler: WorkHandler<{ n: number }> = {
    kind: ECHO,
    leaseMs: 30_000,
    retryScheduleMs: [60_000, 300_000],
    maxConcurrent: 4,
    ...settings,
    handle: (work, signal) => {
      handled.push(work);
      return answer(work, signal);
    },
  };
  return { handler, handled };
}

function start(store: WorkStore, register: (runner: WorkRunner) => void, errors: unknown[] = [], isGoneHolder?: (holder: string) => boolean): WorkRunner {
  const runner = new WorkRunner(store, {
    holder: `runner-${running.length}`,
    now: () => now,
    pollIntervalMs: 20,
    random: () => 0,
    ...(isGoneHolder === undefined ? {} : { isGoneHolder }),
    onError: (error) => errors.push(error),
  });
  register(runner);
  running.push({ runner, store });
  runner.start();
  return runner;
}

const open = () => SqliteWorkStore.open(path.join(directory, `work-${++files}.sqlite`));

async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 500; tries++) {
    const value = await read();
    if (holds(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never got there');
}

const echo = (id: string, n: number, group: string | null = null) => newWork(ECHO, { id, group, order: String(n).padStart(4, '0'), payload: { n }, dueAt: T0, createdAt: T0 });

describe('WorkRunner', () => {
  it('hands each due item to its kind’s handler with the payload checked, and writes down that it is done', async () => {
    const store = open();
    const settled: SettledOutcome[] = [];
    const { handler, handled } = handlerOf(async () => ({ outcome: 'done', code: 204 }), { settled: (outcome) => settled.push(outcome) });
    await store.record([echo('a', 1)]);
    start(store, (runner) => runner.register(handler));
    const done = await eventually(() => store.get('a'), (item) => item?.status === 'done');
    expect(done).toMatchObject({ attempts: 1, lastCode: 204, dueAt: null });
    expect(handled.map((work) => work.payload)).toEqual([{ n: 1 }]);
    expect(settled).toEqual(['done']);
  });

  it('retries a failure on the kind’s schedule, and gives up after the last retry', async () => {
    const store = open();
    const { handler, handled } = handlerOf(async () => ({ outcome: 'retry', code: 503, error: null }));
    await store.record([echo('a', 1)]);
    const runner = start(store, (each) => each.register(handler));
    expect(await eventually(() => store.get('a'), (item) => item?.attempts === 1)).toMatchObject({ status: 'pending', dueAt: new Date(T0.getTime() + 60_000) });
    now = new Date(T0.getTime() + 60_000);
    runner.wake();
    expect(await eventually(() => store.get('a'), (item) => item?.attempts === 2)).toMatchObject({ status: 'pending', dueAt: new Date(now.getTime() + 300_000) });
    now = new Date(now.getTime() + 300_000);
    runner.wake();
    expect(await eventually(() => store.get('a'), (item) => item?.attempts === 3)).toMatchObject({ status: 'dead', dueAt: null, lastCode: 503 });
    expect(handled).toHaveLength(3);
  });

  it('reports a handler that throws and waits to retry it like a failure', async () => {
    const store = open();
    const { handler } = handlerOf(async () => {
      throw new Error('bug');
    });
    const errors: unknown[] = [];
    await store.record([echo('a', 1)]);
    start(store, (runner) => runner.register(handler), errors);
    expect(await eventually(() => store.get('a'), (item) => item?.attempts === 1)).toMatchObject({ status: 'pending', lastError: 'internal error' });
    expect(errors).toEqual([new Error('bug')]);
  });

  it('gives up at once on an item whose payload does not fit its kind', async () => {
    const store = open();
    const { handler, handled } = handlerOf(async () => ({ outcome: 'done' }));
    await store.record([{ ...echo('a', 1), payload: { n: 'one' } }]);
    start(store, (runner) => runner.register(handler));
    expect(await eventually(() => store.get('a'), (item) => item?.status === 'dead')).toMatchObject({ lastError: "payload does not fit the kind 'test.echo'" });
    expect(handled).toEqual([]);
  });

  it('does a group’s items one at a time, in order, across runners', async () => {
    const store = open();
    const order: number[] = [];
    let inFlight = 0;
    let most = 0;
    const answer = async (work: Work<{ n: number }>): Promise<WorkResult> => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(work.payload.n);
      inFlight -= 1;
      return { outcome: 'done' };
    };
    await store.record([1, 2, 3, 4, 5].map((n) => echo(`g-${n}`, n, 'g')));
    start(store, (runner) => runner.register(handlerOf(answer).handler));
    start(store, (runner) => runner.register(handlerOf(answer).handler));
    await eventually(async () => order.length, (count) => count === 5);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(1);
  });

  it('does recurring work once a period, however many runners share the store', async () => {
    const store = open();
    const sweeps: Date[] = [];
    const sweep: WorkHandler<Record<string, never>> = {
      kind: SWEEP,
      leaseMs: 30_000,
      retryScheduleMs: [],
      maxConcurrent: 1,
      handle: async (work) => {
        sweeps.push(work.dueAt ?? new Date(0));
        return { outcome: 'done' };
      },
    };
    const runners = [0, 1, 2].map(() => start(store, (runner) => runner.every({ ...sweep }, { periodMs: DAY_MS, payload: {} })));
    const today = new Date(Math.floor(T0.getTime() / DAY_MS) * DAY_MS);
    await eventually(() => store.get(`test.sweep@${today.toISOString()}`), (item) => item?.status === 'done');
    now = new Date(today.getTime() + DAY_MS + 1000);
    for (const runner of runners) runner.wake();
    const tomorrow = new Date(today.getTime() + DAY_MS);
    await eventually(() => store.get(`test.sweep@${tomorrow.toISOString()}`), (item) => item?.status === 'done');
    for (const runner of runners) runner.wake();
    expect(await store.list({ kind: SWEEP.name, limit: 10 })).toHaveLength(2);
    expect(sweeps).toEqual([today, tomorrow]);
  });

  it('runs work due at an instant once that instant comes', async () => {
    const store = open();
    const { handler, handled } = handlerOf(async () => ({ outcome: 'done' }));
    const later = new Date(T0.getTime() + 3_600_000);
    await store.record([newWork(ECHO, { id: 'at-t', payload: { n: 7 }, dueAt: later, createdAt: T0 })]);
    const runner = start(store, (each) => each.register(handler));
    await eventually(() => store.claimDue(ECHO.name, { holder: 'probe', now: T0, ttlMs: 1 }, 1), (claimed) => claimed.length === 0);
    expect(handled).toEqual([]);
    now = later;
    runner.wake();
    await eventually(() => store.get('at-t'), (item) => item?.status === 'done');
  });

  it('takes back at its start what gone runners left of its kinds: an attempt failed, due after the retry delay or when its lease would have run out', async () => {
    const store = open();
    const settled: SettledOutcome[] = [];
    const { handler, handled } = handlerOf(async () => ({ outcome: 'done' }), { settled: (outcome) => settled.push(outcome) });
    const lastTry = { ...echo('last-try', 2), status: 'pending' as const, attempts: 2, dueAt: T0, lastAttemptAt: null, lastCode: null, lastError: null };
    await store.record([echo('soon', 1), echo('late', 3), echo('alive', 4), newWork(SWEEP, { id: 'sweep', group: null, order: '5', payload: {}, dueAt: T0, createdAt: T0 })]);
    await store.adopt([lastTry]);
    const lease = (holder: string, ttlMs: number, limit: number, kind = ECHO.name) => store.claimDue(kind, { holder, now: T0, ttlMs }, limit);
    await lease('gone', 30_000, 2);
    await lease('gone', 600_000, 1);
    await lease('alive', 30_000, 1);
    await lease('gone', 30_000, 1, SWEEP.name);
    now = new Date(T0.getTime() + 10_000);

    start(store, (runner) => runner.register(handler), [], (holder) => holder === 'gone');
    const left = { status: 'pending', attempts: 1, lastAttemptAt: now, lastError: 'the process running it ended before the attempt did' };
    expect(await eventually(() => store.get('soon'), (item) => item?.attempts === 1)).toMatchObject({ ...left, dueAt: new Date(T0.getTime() + 30_000) });
    expect(await store.get('late')).toMatchObject({ ...left, dueAt: new Date(now.getTime() + 60_000) });
    expect(await store.get('last-try')).toMatchObject({ status: 'dead', attempts: 3, dueAt: null });
    expect(settled.sort()).toEqual(['dead', 'retrying', 'retrying']);
    expect((await store.held()).map((item) => item.id).sort()).toEqual(['alive', 'sweep']);
    expect(handled).toEqual([]);
  });

  it('stops: tells the attempts in flight, waits for them, and leaves what they abandoned due for the next start', async () => {
    const store = open();
    let started = false;
    const { handler } = handlerOf(
      (_work, signal) =>
        new Promise((resolve) => {
          started = true;
          signal.addEventListener('abort', () => resolve({ outcome: 'abandoned' }));
        }),
    );
    await store.record([echo('a', 1)]);
    const runner = start(store, (each) => each.register(handler));
    await eventually(async () => started, (value) => value);
    await runner.stop();
    expect(await store.get('a')).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await store.claimDue(ECHO.name, { holder: 'next', now: T0, ttlMs: 1000 }, 10)).map((item) => item.id)).toEqual(['a']);
  });
});

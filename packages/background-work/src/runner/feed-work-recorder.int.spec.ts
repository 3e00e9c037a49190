/** The feed's work recorder over a real SQLite work store: one record a batch, a wake only for new work, a repeated fact recorded once. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { SqliteWorkStore } from '../sqlite/sqlite-work-store';
import { newWork, workKind } from '../work-kind';
import type { WorkStore } from '../work-store';
import { FeedWorkRecorder, type FactFeed } from './feed-work-recorder';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const GREETING = workKind('test.greeting', z.object({ to: z.string() }));

/** A feed that delivers the batches it is handed, as an event feed does after `start`. */
class HandedFeed implements FactFeed<string> {
  private handle: ((batch: readonly string[]) => Promise<void>) | null = null;

  async start(handle: (batch: readonly string[]) => Promise<void>): Promise<void> {
    this.handle = handle;
  }

  async stop(): Promise<void> {
    this.handle = null;
  }

  deliver(batch: readonly string[]): Promise<void> {
    if (this.handle === null) throw new Error('not started');
    return this.handle(batch);
  }
}

let directory = '';
let store: WorkStore;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-work-recorder-'));
  store = await SqliteWorkStore.open(path.join(directory, 'work.sqlite'));
});
afterAll(async () => {
  await store.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** Every name but "nobody" calls for one greeting, its id derived from the name. */
const greetingsOf = async (name: string) =>
  name === 'nobody' ? [] : [newWork(GREETING, { id: `greeting:${name}`, payload: { to: name }, dueAt: T0, createdAt: T0 })];

describe('a feed work recorder', () => {
  it('records the work of a batch, wakes the runner once for it, and not for a batch that calls for none', async () => {
    const feed = new HandedFeed();
    let wakes = 0;
    const recorder = new FeedWorkRecorder(feed, store, greetingsOf, { onRecorded: () => wakes++, onError: () => undefined });
    await recorder.start();

    await feed.deliver(['ada', 'grace']);
    expect(wakes).toBe(1);
    await feed.deliver(['nobody']);
    expect(wakes).toBe(1);

    const recorded = await store.list({ kind: GREETING.name, limit: 10 });
    expect(recorded.map((item) => item.id).sort()).toEqual(['greeting:ada', 'greeting:grace']);
    await recorder.stop();
  });

  it('records a fact the feed repeats once: the work keeps the id its fact gave it', async () => {
    const feed = new HandedFeed();
    const recorder = new FeedWorkRecorder(feed, store, greetingsOf, { onRecorded: () => undefined, onError: () => undefined });
    await recorder.start();

    await feed.deliver(['alan']);
    await feed.deliver(['alan', 'alan']);

    const recorded = await store.list({ kind: GREETING.name, limit: 10 });
    expect(recorded.filter((item) => item.id === 'greeting:alan')).toHaveLength(1);
    await recorder.stop();
  });

  it('records nothing of a batch whose work it could not tell, so the feed delivers it again whole', async () => {
    const feed = new HandedFeed();
    const failing = async (name: string) => {
      if (name === 'broken') throw new Error('the state of the pass could not be read');
      return greetingsOf(name);
    };
    const recorder = new FeedWorkRecorder(feed, store, failing, { onRecorded: () => undefined, onError: () => undefined });
    await recorder.start();

    await expect(feed.deliver(['edsger', 'broken'])).rejects.toThrow('could not be read');

    const recorded = await store.list({ kind: GREETING.name, limit: 10 });
    expect(recorded.map((item) => item.id)).not.toContain('greeting:edsger');
    await recorder.stop();
  });
});

/**
 * CheckpointedFeed on the SQLite event store and checkpoint store: a follower resumes after its
 * checkpoint, and one whose store was restored from a copy taken before its checkpoint meets the events
 * appended to it once it follows, rather than skipping them.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CheckpointedFeed } from './checkpointed-feed';
import type { RecordedEvent } from './event-store';
import type { Position } from './position';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store';
import { SqliteEventStore } from './sqlite-event-store';
import { newEvents, waitUntil } from './testing/contract/fixtures';

const FOLLOWER = 'follower';

let directory = '';
const eventsFile = () => path.join(directory, 'events.sqlite');
const backupFile = () => path.join(directory, 'events.backup');
let checkpoints: SqliteCheckpointStore;

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointed-feed-'));
  checkpoints = SqliteCheckpointStore.open(path.join(directory, 'checkpoints.sqlite'));
});
afterEach(async () => {
  await checkpoints.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function appendTo(stream: string, count: number): Promise<void> {
  const store = SqliteEventStore.open(eventsFile());
  try {
    await store.append(stream, newEvents('Counted', count), 'any');
  } finally {
    await store.close();
  }
}

/** Follows the store, appending as `meanwhile` says once following, until it has met `count` events; what it met, and where it was moved back from and to. */
async function follow(count: number, meanwhile: () => Promise<void> = async () => undefined) {
  const store = SqliteEventStore.open(eventsFile());
  const met: RecordedEvent[] = [];
  const movedBack: Array<{ checkpoint: Position; head: Position | null }> = [];
  const feed = new CheckpointedFeed(store, checkpoints, { name: FOLLOWER, onMovedBack: (checkpoint, head) => movedBack.push({ checkpoint, head }) });
  try {
    await feed.start(
      async (batch) => {
        met.push(...batch);
      },
      (error) => {
        throw error;
      },
    );
    await meanwhile();
    await waitUntil(() => met.length >= count, `${count} events`);
    return { met, movedBack };
  } finally {
    await feed.stop();
    await store.close();
  }
}

describe('CheckpointedFeed', () => {
  it('given a follower that met five events, when two more are appended, then it meets only those two', async () => {
    await appendTo('a', 5);
    await follow(5);
    await appendTo('a', 2);

    const { met, movedBack } = await follow(2);

    expect(met.map((event) => event.revision)).toEqual([5, 6]);
    expect(movedBack).toEqual([]);
  });

  describe('given a follower that met eight events, and its store restored from a copy taken after the fifth', () => {
    beforeEach(async () => {
      await appendTo('a', 5);
      fs.copyFileSync(eventsFile(), backupFile());
      await appendTo('a', 3);
      const before = await follow(8);
      expect(before.met).toHaveLength(8);
      fs.copyFileSync(backupFile(), eventsFile());
    });

    it('when events are appended to the restored store once it follows, then it meets every one of them, moved back once to its newest event', async () => {
      const { met, movedBack } = await follow(2, () => appendTo('b', 2));

      expect(met.map((event) => `${event.stream}/${event.revision}`)).toEqual(['b/0', 'b/1']);
      expect(movedBack).toEqual([{ checkpoint: '8', head: '5' }]);
    });

    it('when it follows again after the restore, then it is not moved back a second time', async () => {
      await follow(1, () => appendTo('b', 1));
      await appendTo('b', 1);

      const { met, movedBack } = await follow(1);

      expect(met.map((event) => `${event.stream}/${event.revision}`)).toEqual(['b/1']);
      expect(movedBack).toEqual([]);
    });
  });
});

/** KeyedQueue: one task at a time per key, keys side by side, and nothing kept for a key once idle. */
import { describe, expect, it } from '@jest/globals';
import { KeyedQueue } from './keyed-queue';

/** A task that runs until the test lets it finish, noting when it starts and ends. */
function gatedTask(log: string[], name: string) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    open: () => open(),
    task: async () => {
      log.push(`${name} start`);
      await gate;
      log.push(`${name} end`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedQueue', () => {
  it('starts a task of a key only once the one before it has ended, even when that one failed', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const first = queue.run('a', async () => {
      log.push('first');
      throw new Error('refused');
    });
    const second = gatedTask(log, 'second');
    const secondDone = queue.run('a', second.task);
    await expect(first).rejects.toThrow('refused');
    await settle();
    second.open();
    await expect(secondDone).resolves.toBe('second');
    expect(log).toEqual(['first', 'second start', 'second end']);
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = gatedTask(log, 'a');
    const b = gatedTask(log, 'b');
    const done = [queue.run('a', a.task), queue.run('b', b.task)];
    await settle();
    expect(log).toEqual(['a start', 'b start']);
    a.open();
    b.open();
    await Promise.all(done);
  });

  it('forgets a key once its last task has ended', async () => {
    const queue = new KeyedQueue();
    await Promise.all([queue.run('a', async () => 1), queue.run('a', async () => 2), queue.run('b', async () => 3)]);
    await settle();
    expect(queue.activeKeys).toBe(0);
  });
});

import { describe, expect, it } from '@jest/globals';
import { silentLogger, type Logger } from '@passes/runtime';
import { BackgroundWork } from './background-work';

const turnOfTheEventLoop = () => new Promise((resolve) => setImmediate(resolve));

describe('background work', () => {
  it('does not start a job on the request that queues it, nor on the turns right after', async () => {
    const background = new BackgroundWork(silentLogger);
    let started = false;

    background.run('job', async () => {
      started = true;
    });
    await turnOfTheEventLoop();

    expect(started).toBe(false);
    await background.settled();
    expect(started).toBe(true);
  });

  it('runs queued jobs one at a time, in order, and settles once every one has run', async () => {
    const background = new BackgroundWork(silentLogger);
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} starts`);
      await turnOfTheEventLoop();
      log.push(`${name} ends`);
    };

    background.run('first', job('first'));
    background.run('second', job('second'));
    await background.settled();

    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });

  it('keeps going after a job fails', async () => {
    const background = new BackgroundWork(silentLogger);
    let ran = false;

    background.run('failing', () => Promise.reject(new Error('smtp down')));
    background.run('next', async () => {
      ran = true;
    });
    await background.settled();

    expect(ran).toBe(true);
  });

  it('logs a failed job with the fields it was queued with, and the error without its message', async () => {
    const failures: { message: string; fields: Record<string, unknown> | undefined }[] = [];
    const logger: Logger = { ...silentLogger, error: (message, fields) => void failures.push({ message, fields }) };
    const background = new BackgroundWork(logger);

    background.run('magic link', () => Promise.reject(Object.assign(new Error('no mailbox for ada@example.com'), { code: 'EENVELOPE' })), { request_id: 'req-7' });
    await background.settled();

    expect(failures).toEqual([{ message: 'magic link failed', fields: { request_id: 'req-7', error: { name: 'Error', code: 'EENVELOPE' } } }]);
  });
});

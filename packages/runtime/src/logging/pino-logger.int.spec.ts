import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { batchedLogger } from './pino-logger';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-log-'));
let files = 0;
const newLogFile = () => path.join(directory, `log-${files++}.jsonl`);
const recordsIn = (file: string): Record<string, unknown>[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe('a batched logger', () => {
  it('gathers information records, and writes them within the flush interval', async () => {
    const file = newLogFile();
    const logger = batchedLogger(file);
    logger.info('request', { status: 200 });
    expect(recordsIn(file)).toEqual([]);
    const deadline = Date.now() + 5_000;
    while (recordsIn(file).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(recordsIn(file)).toEqual([expect.objectContaining({ level: 'info', message: 'request', status: 200 })]);
  });

  it('writes a warning or an error at once, after everything gathered before it', () => {
    const file = newLogFile();
    const logger = batchedLogger(file);
    logger.info('first');
    logger.warn('second');
    expect(recordsIn(file).map((record) => record['message'])).toEqual(['first', 'second']);
    logger.info('third');
    logger.error('fourth', { error: new Error('boom') });
    expect(recordsIn(file).map((record) => [record['level'], record['message']])).toEqual([
      ['info', 'first'],
      ['warn', 'second'],
      ['info', 'third'],
      ['error', 'fourth'],
    ]);
  });

  it('writes what it gathered when the process exits', () => {
    const file = newLogFile();
    // The built package: Jest's own transform is not there in a plain child process (npm test builds first).
    const logger = require.resolve('../../dist/logging/pino-logger.js');
    execFileSync(process.execPath, ['-e', `require(${JSON.stringify(logger)}).batchedLogger(${JSON.stringify(file)}).info('last words'); process.exit(0);`]);
    expect(recordsIn(file)).toEqual([expect.objectContaining({ message: 'last words' })]);
  });

  it('goes on when its destination takes nothing more (a pipe whose reader is gone): no write error stops the process', async () => {
    const logger = require.resolve('../../dist/logging/pino-logger.js');
    const script = `
      const logger = require(${JSON.stringify(logger)}).batchedLogger(2);
      logger.info('gathered');
      logger.warn('a warning, flushed at once: the first write to meet the broken pipe');
      for (let index = 0; index < 1000; index += 1) logger.info('request', { index });
      logger.error('an error, flushed at once');
      process.stdout.write('went on');
      process.exit(0);`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader of its standard error gone before it logs anything (as when a terminal's Ctrl-C ends a
    // `| tee` and signals the service at once): its first write is a flush, before any periodic one.
    child.stderr.destroy();
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
    try {
      expect(await exited).toBe(0);
      expect(output).toBe('went on');
    } finally {
      clearTimeout(timeout);
    }
  });

  it('censors fields named like credentials or personal data, at the top and one level down', () => {
    const file = newLogFile();
    batchedLogger(file).error('failed', { email: 'ada@example.com', customer: { customer_name: 'Ada', tier: 'gold' }, route: '/passes/:identifier' });
    expect(recordsIn(file)).toEqual([
      expect.objectContaining({ email: '[redacted]', customer: { customer_name: '[redacted]', tier: 'gold' }, route: '/passes/:identifier' }),
    ]);
  });
});

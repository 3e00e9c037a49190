/**
 * `passes backup <directory>` given a directory it cannot back up into, run as the compiled CLI on a data
 * directory of its own, as an operator would: each refusal is one line and exit code 1, at once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPasses, type CliOutcome } from './testing/run-passes';

/** A command that has not ended by then is killed, and fails its test. */
const PATIENCE_MS = 15_000;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-backup-refusals-'));
const dataDir = path.join(scratch, 'data');

function passes(...args: string[]): Promise<CliOutcome> {
  return passesOn(dataDir, ...args);
}

function passesOn(dir: string, ...args: string[]): Promise<CliOutcome> {
  return runPasses({ PASSES_DATA_DIR: dir }, args, PATIENCE_MS);
}

beforeAll(async () => {
  if (!fs.existsSync(path.resolve(__dirname, '../dist/main.js'))) throw new Error('services/cli is not built: run `npm run build` (npm test does)');
  // A command that opens the stores makes the data directory and its files.
  expect((await passes('projections', 'status')).code).toBe(0);
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('passes backup <directory> into a directory that cannot be made', () => {
  it('given a parent that cannot be made (under /proc), when backing up, then it ends at once with one line naming it and exit code 1', async () => {
    const refused = await passes('backup', '/proc/nope/x');

    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringContaining('/proc/nope')]);
  }, PATIENCE_MS + 5_000);
});

describe('passes backup <directory> where a file is in the way or the system says no', () => {
  const oneLineAndRefused = (outcome: { code: number | null; stderr: string }, naming: string) => {
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim().split('\n')).toEqual([expect.stringContaining(naming)]);
  };

  it('given a target under a regular file, when backing up, then it refuses in one line naming the directory', async () => {
    const file = path.join(scratch, 'a-file');
    fs.writeFileSync(file, 'not a directory');

    oneLineAndRefused(await passes('backup', path.join(file, 'x')), path.join(file, 'x'));
  });

  it('given a target that is a regular file, when backing up, then it refuses in one line naming it', async () => {
    const file = path.join(scratch, 'another-file');
    fs.writeFileSync(file, 'not a directory');

    oneLineAndRefused(await passes('backup', file), `${file} is not a directory`);
  });

  it('given a target the system does not permit (under /sys), when backing up, then it refuses in one line naming it', async () => {
    oneLineAndRefused(await passes('backup', '/sys/nope/x'), '/sys/nope');
  });
});

describe('passes backup of a damaged events.sqlite', () => {
  const damaged = path.join(scratch, 'damaged');

  beforeAll(() => {
    fs.cpSync(dataDir, damaged, { recursive: true });
    fs.writeFileSync(path.join(damaged, 'events.sqlite'), 'garbage');
  });

  it('given a new target, when backing up, then it says in one line which file SQLite cannot read and what to do, and leaves no directory behind', async () => {
    const target = path.join(scratch, 'backup-of-damaged', 'monday');

    const refused = await passesOn(damaged, 'backup', target);

    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([`${path.join(damaged, 'events.sqlite')} is not a database SQLite can read (SQLITE_NOTADB): put it back from a backup (\`passes restore <directory>\`, the server stopped)`]);
    expect(fs.existsSync(path.join(scratch, 'backup-of-damaged'))).toBe(false);
  });

  it('given an empty target, when backing up, then it leaves the target empty, so that the same command can be run again once the file is put back', async () => {
    const target = fs.mkdtempSync(path.join(scratch, 'empty-'));

    expect((await passesOn(damaged, 'backup', target)).code).toBe(1);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});

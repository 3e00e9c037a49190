/**
 * The CLI's exit codes (operations.md, "CLI"): 2 for a wrong invocation only; a bad environment value or a
 * store file SQLite cannot read is 1, as the server exits for them, with the same one line.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPasses, type CliOutcome } from './testing/run-passes';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-exit-codes-'));
const dataDir = path.join(scratch, 'data');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function passes(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliOutcome> {
  return runPasses({ PASSES_DATA_DIR: dataDir, ...env }, args);
}

beforeAll(async () => {
  expect((await passes({}, 'projections', 'status')).code).toBe(0);
});

describe('the CLI’s exit codes', () => {
  it('given a wrong invocation, when running it, then it exits 2', async () => {
    expect((await passes({}, 'projections', 'explode')).code).toBe(2);
  });

  it('given a bad environment value, when running a command, then it exits 1 with one line naming the variable', async () => {
    const failed = await passes({ PASSES_WORK_RETENTION_DAYS: '0' }, 'work', 'status');

    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split('\n')).toEqual([expect.stringContaining('PASSES_WORK_RETENTION_DAYS')]);
  });

  it('given a store file SQLite cannot read, when running a command, then it exits 1 with one line naming the file', async () => {
    const readModels = path.join(dataDir, 'read-models.sqlite');
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${readModels}${suffix}`, { force: true });
    fs.writeFileSync(readModels, 'garbage '.repeat(1000));

    const failed = await passes({}, 'projections', 'status');

    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split('\n')).toEqual([expect.stringContaining(`${readModels} is not a database SQLite can read`)]);
  });
});

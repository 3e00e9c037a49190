/**
 * `passes backup <directory>` given a directory it cannot back up into, run as the compiled CLI on a data
 * directory of its own, as an operator would: each refusal is one line and exit code 1, at once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const CLI = path.resolve(__dirname, '../bin/passes.js');
const run = promisify(execFile);
/** A command that has not ended by then is killed, and fails its test. */
const PATIENCE_MS = 15_000;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-backup-refusals-'));
const dataDir = path.join(scratch, 'data');

async function passes(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, PASSES_DATA_DIR: dataDir }, timeout: PATIENCE_MS });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number | null; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
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

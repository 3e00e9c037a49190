/** `passes help`, `--help` and `-h`, run as the compiled CLI: the usage on stdout, exit code 0, no store opened. */
import { afterAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPasses, type CliOutcome } from './testing/run-passes';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-help-'));
const dataDir = path.join(scratch, 'data');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function passes(...args: string[]): Promise<CliOutcome> {
  return runPasses({ PASSES_DATA_DIR: dataDir }, args);
}

describe('passes help', () => {
  const asks = [['--help'], ['-h'], ['help'], ['history', '--help'], ['backup', '-h']].map((args) => [args.join(' '), args] as const);

  it.each(asks)("given 'passes %s', when run, then it prints the usage to stdout and exits 0, opening no store", async (_, args) => {
    const asked = await passes(...args);

    expect(asked).toEqual({ code: 0, stdout: expect.stringMatching(/^Usage:\n {2}passes history /), stderr: '' });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('given an option no command knows, when run, then it names it without a hint about positionals, and exits 2', async () => {
    const refused = await passes('work', 'status', '--verbose');

    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe("Unknown option '--verbose'.");
  });
});

/**
 * The CLI on the distributed profile whose MongoDB does not answer: once it gives up waiting, it says so in
 * one line naming the variable to check, not with the driver's stack.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnvironment, openStores } from '@passes/runtime';
import { describeFailure } from './cli-commands';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-unreachable-mongodb-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the stores of the distributed profile, MongoDB not answering', () => {
  it('given no MongoDB at the configured URL, when the CLI gives up waiting, then its failure is one line naming the server and PASSES_MONGODB_URL, exit code 1', async () => {
    const config = configFromEnvironment({ PASSES_PROFILE: 'distributed', PASSES_EVENT_STORE: 'sqlite', PASSES_MONGODB_URL: 'mongodb://127.0.0.1:1', PASSES_SECRET_KEY: 'a-secret-of-the-operator-at-least-32-characters', PASSES_DATA_DIR: dataDir });

    const failure = await openStores(config, () => new Date(), { onWait: () => undefined, maxWaitMs: 0 }).then(
      () => null,
      (error: unknown) => describeFailure(error),
    );

    expect(failure?.exitCode).toBe(1);
    expect(failure?.message.split('\n')).toEqual([expect.stringMatching(/^MongoDB at 127\.0\.0\.1:1 did not answer .*PASSES_MONGODB_URL/)]);
  });
});

/**
 * Puts the bench business on Pro the way an operator does (`passes admin set-plan`), so that bulk
 * operations are allowed and the issue scenario is not stopped by the Free plan's 100 passes.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Fixture } from './fixture';
import { requestJson, stringAt } from './json-request';
import { CLI_SCRIPT } from './scripts';

/** The server notices the CLI's event by polling the store every 200 ms; this is generous. */
const VISIBLE_WITHIN_MS = 10_000;
const POLL_MS = 50;

/**
 * `storesEnv` names the service's stores as its own environment does (a data directory, or the distributed servers);
 * `cliScript` is another build's CLI, for a service of that build.
 */
export async function upgradeToPro(apiUrl: string, storesEnv: NodeJS.ProcessEnv, fixture: Fixture, cliScript = CLI_SCRIPT): Promise<void> {
  await promisify(execFile)(process.execPath, [cliScript, 'admin', 'set-plan', fixture.businessId, 'pro'], {
    env: { ...process.env, ...storesEnv },
  });
  const deadline = Date.now() + VISIBLE_WITHIN_MS;
  while (stringAt(await requestJson('GET', `${apiUrl}/businesses/me`, undefined, fixture.token, 200), 'plan') !== 'pro') {
    if (Date.now() > deadline) throw new Error(`the service did not see the Pro plan within ${VISIBLE_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

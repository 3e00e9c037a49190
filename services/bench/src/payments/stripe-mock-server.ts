/** Stripe's stripe-mock on loopback for the payments section (infra/stripe-mock), stopped with the section's resources. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Resources } from '../resources';
import { INFRA } from '../scripts';

const SCRIPT = path.join(INFRA, 'stripe-mock', 'stripe-mock.sh');

/** Starts stripe-mock (built with Go on first use) and answers its API address. */
export function startStripeMock(resources: Resources): string {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-bench-stripe-'));
  resources.defer(() => {
    execFileSync(SCRIPT, ['stop', stateDir], { stdio: 'inherit' });
    fs.rmSync(stateDir, { recursive: true, force: true });
  });
  const line = execFileSync(SCRIPT, ['start', stateDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  return line.replace(/^PASSES_STRIPE_API_URL=/, '');
}

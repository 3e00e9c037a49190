/**
 * `npm run bench`: the service on the embedded profile and a bare express echo server, each in its own
 * process on a fresh port, measured scenario after scenario. Progress goes to stderr, the report to stdout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBatches } from './batches';
import { startChildServer } from './child-server';
import { createFixture } from './fixture';
import { describeMachine } from './machine';
import { measure, type Measurement } from './measure';
import { batchLines, machineLines, resultLine, rowsOf, tableLines, warningLines } from './report';
import { Resources } from './resources';
import { issueBody, SCENARIOS, type TargetName } from './scenarios';
import { settingsFromEnvironment } from './settings';
import { upgradeToPro } from './upgrade-to-pro';

const SERVICE_SCRIPT = path.resolve(__dirname, '../../api/dist/main.js');
const ECHO_SCRIPT = path.resolve(__dirname, 'echo-server.js');

/** The most the service's configuration accepts. */
const RATE_LIMIT_PER_MINUTE = 1_000_000;

const print = (lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);

async function run(resources: Resources): Promise<void> {
  const settings = settingsFromEnvironment(process.env);
  const machine = describeMachine();
  print(machineLines(machine, settings));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-bench-'));
  resources.defer(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const service = await startChildServer({
    name: 'service',
    script: SERVICE_SCRIPT,
    // The load generator is one credential: the default 60 requests a minute would make every figure a 429.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PASSES_DATA_DIR: dataDir, PASSES_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE) },
    readyMessage: 'wallet pass service listening',
  });
  resources.defer(() => service.stop());
  const echo = await startChildServer({
    name: 'echo server',
    script: ECHO_SCRIPT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    readyMessage: 'echo server listening',
  });
  resources.defer(() => echo.stop());

  const fixture = await createFixture(service.url);
  await upgradeToPro(service.url, dataDir, fixture);
  const targets: Record<TargetName, string> = { service: service.url, echo: echo.url };
  const measurements: Measurement[] = [];
  for (const scenario of SCENARIOS) {
    process.stderr.write(`measuring ${scenario.name} for ${settings.durationSeconds} s…\n`);
    measurements.push(await measure(scenario, targets[scenario.target], fixture, settings));
  }

  process.stderr.write('measuring bulk issue and bulk update…\n');
  const batches = await measureBatches(service.url, fixture, issueBody(fixture));

  const rows = rowsOf(SCENARIOS, measurements);
  print(['', ...tableLines(rows)]);
  print(['', ...batchLines(batches)]);
  const warnings = warningLines(rows, { service: service.problems(), 'echo server': echo.problems() });
  if (warnings.length > 0) print(['', ...warnings]);
  print(['', resultLine(machine, settings, rows, batches)]);
}

/** fetch reports every network failure as `fetch failed`; what went wrong is in its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message} (${describe(error.cause)})`;
}

const resources = new Resources();
process.once('SIGINT', () => {
  void resources.release().finally(() => process.exit(130));
});
run(resources)
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${describe(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => resources.release());

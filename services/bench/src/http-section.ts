/**
 * The `http` and `batches` sections: the embedded service and a bare express echo server, each in its
 * own process, measured scenario after scenario under load; then bulk against single requests. Both
 * sections act on one service and one fixture when both run.
 */
import path from 'node:path';
import { measureBatches, type BatchFigures } from './batches';
import { startChildServer, type ChildServer, type LogProblems } from './child-server';
import { startEmbeddedService } from './embedded-service';
import { createFixture } from './fixture';
import { measure, type Measurement } from './measure';
import { readGoalLines } from './read-goal';
import { appServerEchoLines, batchLines, rowsOf, tableLines, warningLines, type Row } from './report';
import type { Resources } from './resources';
import { APP_SERVER_ECHOES, issueBody, SCENARIOS, type TargetName } from './scenarios';
import { heading, type SectionOutcome } from './section';
import type { Settings } from './settings';
import { upgradeToPro } from './upgrade-to-pro';

const ECHO_SCRIPT = path.resolve(__dirname, 'echo-server.js');

interface HttpFigures {
  /** Null when the `http` section did not run. */
  scenarios: Row[] | null;
  /** Null when the `batches` section did not run. */
  batches: BatchFigures | null;
}

/** An echo server on loopback, stopped when `resources` are released. */
async function startEcho(resources: Resources, name: string, settings: NodeJS.ProcessEnv): Promise<ChildServer> {
  const echo = await startChildServer({ name, script: ECHO_SCRIPT, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...settings }, readyMessage: 'echo server listening' });
  resources.defer(() => echo.stop());
  return echo;
}

export async function runHttpSections(wanted: { http: boolean; batches: boolean }, settings: Settings, resources: Resources): Promise<SectionOutcome<HttpFigures>> {
  const service = await startEmbeddedService(resources);
  const echo = wanted.http ? await startEcho(resources, 'echo server', {}) : null;
  const appEcho = wanted.http ? await startEcho(resources, 'app server echo', { ECHO_SERVER: 'app' }) : null;

  const fixture = await createFixture(service.url);
  await upgradeToPro(service.url, service.storesEnv, fixture);

  const lines: string[] = [];
  let scenarios: Row[] | null = null;
  if (echo && appEcho) {
    const targets: Record<TargetName, string> = { service: service.url, echo: echo.url, 'app echo': appEcho.url };
    const measurements: Measurement[] = [];
    // The echoes run again after the service's scenarios, and ratios are to the mean of both runs: a
    // machine whose speed drifts during the section (a shared host does) moves both sides of a ratio.
    const echoes = SCENARIOS.filter((scenario) => scenario.target === 'echo');
    for (const scenario of [...SCENARIOS, ...echoes]) {
      process.stderr.write(`measuring ${scenario.name} for ${settings.durationSeconds} s…\n`);
      measurements.push(await measure(scenario, targets[scenario.target], fixture, settings));
    }
    scenarios = rowsOf(SCENARIOS, measurements);
    lines.push(
      '',
      heading('http · the embedded service against a bare express echo server, under load'),
      ...tableLines(scenarios),
      'each echo ran before and after the service; a ratio is to the mean of its two runs',
      ...appServerEchoLines(scenarios, APP_SERVER_ECHOES),
      ...readGoalLines(scenarios),
    );
  }

  let batches: BatchFigures | null = null;
  if (wanted.batches) {
    process.stderr.write('measuring bulk issue and bulk update…\n');
    batches = await measureBatches(service.url, fixture, issueBody(fixture));
    lines.push('', heading('batches · the embedded service, one request at a time'), ...batchLines(batches));
  }

  const problems: Record<string, LogProblems> = { service: service.problems() };
  if (echo) problems['echo server'] = echo.problems();
  if (appEcho) problems['app server echo'] = appEcho.problems();
  return { lines, warnings: warningLines(scenarios ?? [], problems), figures: { scenarios, batches } };
}

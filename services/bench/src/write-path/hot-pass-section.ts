/**
 * The `hot-pass` section (issue 16): every connection stamps one single pass, against the POST echo
 * measured in the same section. Before issue 14's fix most of these requests answered 409.
 */
import path from 'node:path';
import { startChildServer } from '../child-server';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { measure } from '../measure';
import { rowsOf, tableLines, warningLines } from '../report';
import type { Resources } from '../resources';
import { SCENARIOS, type Scenario } from '../scenarios';
import { heading, type SectionOutcome } from '../section';
import type { Settings } from '../settings';
import type { HotPassFigures } from './write-path-goals';

const ECHO_SCRIPT = path.resolve(__dirname, '..', 'echo-server.js');

const HOT_PASS: Scenario = {
  name: 'hot pass',
  target: 'service',
  method: 'POST',
  paths: (fixture) => [`/businesses/${fixture.businessId}/passes/${fixture.passIds[0] ?? ''}/stamp?count=1`],
  baseline: 'POST echo',
};

function postEchoScenario(): Scenario {
  const scenario = SCENARIOS.find((candidate) => candidate.name === 'POST echo');
  if (!scenario) throw new Error("the 'POST echo' scenario is missing from SCENARIOS");
  return scenario;
}

export async function runHotPassSection(settings: Settings, resources: Resources): Promise<SectionOutcome<HotPassFigures>> {
  const service = await startEmbeddedService(resources, 'hot-pass service');
  const echo = await startChildServer({ name: 'echo server', script: ECHO_SCRIPT, env: { ...process.env, PORT: '0', HOST: '127.0.0.1' }, readyMessage: 'echo server listening' });
  resources.defer(() => echo.stop());
  const fixture = await createFixture(service.url);

  const echoScenario = postEchoScenario();
  process.stderr.write(`hot-pass: measuring POST echo for ${settings.durationSeconds} s…\n`);
  const postEcho = await measure(echoScenario, echo.url, fixture, settings);
  process.stderr.write(`hot-pass: ${settings.connections} connections stamping one pass for ${settings.durationSeconds} s…\n`);
  const hotPass = await measure(HOT_PASS, service.url, fixture, settings);

  const rows = rowsOf([echoScenario, HOT_PASS], [postEcho, hotPass]);
  return {
    lines: ['', heading(`hot-pass · ${settings.connections} connections stamping one single pass`), ...tableLines(rows)],
    warnings: warningLines(rows, { 'hot-pass service': service.problems(), 'echo server': echo.problems() }),
    figures: { postEcho, hotPass },
  };
}

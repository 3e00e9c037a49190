/**
 * The `distributed` section (issue 11, "Benchmark"): what the distributed parts cost on this machine.
 * the http section's service scenarios through the API process of the distributed profile under its
 * load, then the projector's and the relay's throughput on a backlog; and what each request and each
 * projected batch asked of the stores, from the processes' metrics. Runs only where infra/servers.sh
 * can start the servers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFixture, type Fixture } from '../fixture';
import { count } from '../format';
import { measure, measureAmount, type Measurement } from '../measure';
import { rowsOf, warningLines, type Row } from '../report';
import type { Resources } from '../resources';
import { SCENARIOS, type Scenario } from '../scenarios';
import type { SectionOutcome } from '../section';
import type { Settings } from '../settings';
import { upgradeToPro } from '../upgrade-to-pro';
import { timeBacklog } from './backlog-throughput';
import type { DistributedFigures, DistributedOutcome } from './distributed-figures';
import { distributedLines, skippedLines } from './distributed-report';
import { testServerVersions } from './server-versions';
import { projectorCost, requestCost, scrapeCounters, type RequestCost } from './store-costs';
import { startTestServers } from './test-servers';
import { Topology } from './topology';
import { topologyEnvironment } from './topology-environment';

/** Ratios to the echo baselines the http section measured in this run, when it ran. */
function rowsAgainstEcho(measurements: Measurement[], embeddedRows: Row[] | null): Row[] {
  const echoRows = (embeddedRows ?? []).filter((row) => SCENARIOS.find((scenario) => scenario.name === row.scenario)?.target === 'echo');
  return rowsOf(SCENARIOS, [...echoRows, ...measurements]).slice(echoRows.length);
}

/**
 * What one request of each of the fixture's passes cost the stores, from the API's metrics: a load of a fixed
 * number of requests, every one answered before the counters are read again, so that no request's commands
 * fall into another scenario's count (a timed load ends with requests under way).
 */
async function countedCost(scenario: Scenario, apiUrl: string, fixture: Fixture, apiMetrics: string, connections: number): Promise<RequestCost> {
  const before = await scrapeCounters(apiMetrics);
  await measureAmount(scenario, apiUrl, fixture, connections, fixture.passIds.length);
  return requestCost(scenario.name, before, await scrapeCounters(apiMetrics));
}

export async function runDistributedSection(settings: Settings, embeddedRows: Row[] | null, resources: Resources): Promise<SectionOutcome<DistributedOutcome>> {
  process.stderr.write('distributed: starting the test servers (infra/servers.sh)…\n');
  const servers = await startTestServers(resources);
  if (!servers.started) return { lines: skippedLines(servers.why), warnings: [], figures: { skipped: servers.why } };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-bench-distributed-'));
  resources.defer(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { storesEnv, processEnv, mongoDatabase } = topologyEnvironment(servers, dataDir);
  process.stderr.write('distributed: starting the API, projector, relay and dispatcher…\n');
  const topology = await Topology.start(processEnv, resources);
  const fixture = await createFixture(topology.api.url);
  await upgradeToPro(topology.api.url, storesEnv, fixture);

  const apiMetrics = topology.api.metricsUrl;
  if (apiMetrics === null) throw new Error('the distributed API runs without a metrics listener');
  const serviceScenarios = SCENARIOS.filter((candidate) => candidate.target === 'service');
  // Counted on a business of its own, before the timed loads: each of its lookups asks for a customer no
  // request asked for before, as a client looking up a new customer each time does.
  const counted = await createFixture(topology.api.url, 'counted');
  await upgradeToPro(topology.api.url, storesEnv, counted);
  const costs: RequestCost[] = [];
  for (const scenario of serviceScenarios) {
    process.stderr.write(`distributed: counting what ${count(counted.passIds.length)} requests of ${scenario.name} ask of the stores…\n`);
    costs.push(await countedCost(scenario, topology.api.url, counted, apiMetrics, settings.connections));
  }
  const measurements: Measurement[] = [];
  for (const scenario of serviceScenarios) {
    process.stderr.write(`distributed: measuring ${scenario.name} for ${settings.durationSeconds} s…\n`);
    measurements.push(await measure(scenario, topology.api.url, fixture, settings));
  }
  const stores = { eventStoreFile: path.join(dataDir, 'events.sqlite'), mongodbUrl: servers.mongodbUrl, mongoDatabase };
  const { projector, relay } = await timeBacklog(topology, stores, fixture, settings.distributedEvents, resources);
  // The projector started afresh for the backlog: its counters are what the backlog cost it.
  const projected = projectorCost(projector.events, await scrapeCounters(topology.metricsUrl('projector')));

  const figures: DistributedFigures = {
    servers: testServerVersions(),
    scenarios: rowsAgainstEcho(measurements, embeddedRows),
    costs,
    projector,
    projectorCost: projected,
    relay,
  };
  return { lines: distributedLines(figures, embeddedRows), warnings: warningLines(figures.scenarios, topology.problems()), figures };
}

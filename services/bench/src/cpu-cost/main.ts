/**
 * `npm run bench:cpu -- [--builds=DIR,DIR] [--scenarios=stamp,get] [--requests=N] [--warmup=N] [--repeats=R]`:
 * the server CPU time (user + system, every thread) a request costs, over a fixed number of requests, for
 * one or more built worktrees in turn. On a machine shared with other work, req/s moves with the neighbours;
 * the CPU a fixed work takes moves far less. Each round starts every build's embedded service on fresh data,
 * in alternating order, and a ratio is taken within a round, so a drift of the machine lands on both sides.
 */
import path from 'node:path';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { measureAmount, type Measurement } from '../measure';
import { Resources } from '../resources';
import { SCENARIOS, type Scenario } from '../scenarios';
import { settingsFromEnvironment } from '../settings';
import { upgradeToPro } from '../upgrade-to-pro';
import { cpuMicroseconds } from './process-cpu';
import { costLines, type Cost } from './cpu-cost-report';
import { runScript } from '../script-entry';

const THIS_BUILD = path.resolve(__dirname, '../../../..');

interface CpuArguments {
  builds: string[];
  scenarios: Scenario[];
  requests: number;
  warmup: number;
  repeats: number;
}

/** A scenario's name as an argument: `stamp, keyed` is `stamp-keyed`. */
const slugOf = (name: string) => name.replace(/,? /g, '-');

function argumentsFrom(argv: string[]): CpuArguments {
  const given = new Map(argv.map((argument) => {
    const match = /^--([a-z]+)=(.*)$/.exec(argument);
    if (!match?.[1] || match[2] === undefined) throw new Error(`unknown argument '${argument}'`);
    return [match[1], match[2]] as const;
  }));
  const count = (name: string, fallback: number) => {
    const value = Number(given.get(name) ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  const services = new Map(SCENARIOS.filter((scenario) => scenario.target === 'service').map((scenario) => [slugOf(scenario.name), scenario]));
  const scenarios = (given.get('scenarios') ?? 'issue,stamp,stamp-keyed,get').split(',').map((slug) => {
    const scenario = services.get(slug);
    if (!scenario) throw new Error(`no scenario '${slug}' (${[...services.keys()].join(', ')})`);
    return scenario;
  });
  const builds = (given.get('builds') ?? THIS_BUILD).split(',').map((build) => path.resolve(build));
  for (const name of given.keys()) if (!['builds', 'scenarios', 'requests', 'warmup', 'repeats'].includes(name)) throw new Error(`unknown argument '--${name}'`);
  return { builds, scenarios, requests: count('requests', 20_000), warmup: count('warmup', 5000), repeats: count('repeats', 5) };
}

/** One build's service on fresh data: each scenario warmed up, then its CPU over `requests` requests. */
async function measureBuild(build: string, options: CpuArguments, connections: number): Promise<Map<string, { micros: number; measurement: Measurement }>> {
  const resources = new Resources();
  try {
    const service = await startEmbeddedService(resources, `service of ${build}`, {}, path.join(build, 'services/api/dist/main.js'));
    const fixture = await createFixture(service.url);
    await upgradeToPro(service.url, service.storesEnv, fixture, path.join(build, 'services/cli/dist/main.js'));
    const costs = new Map<string, { micros: number; measurement: Measurement }>();
    for (const scenario of options.scenarios) {
      await measureAmount(scenario, service.url, fixture, connections, options.warmup);
      const before = cpuMicroseconds(service.pid);
      const measurement = await measureAmount(scenario, service.url, fixture, connections, options.requests);
      costs.set(scenario.name, { micros: (cpuMicroseconds(service.pid) - before) / options.requests, measurement });
    }
    return costs;
  } finally {
    await resources.release();
  }
}

async function run(options: CpuArguments): Promise<void> {
  const { connections } = settingsFromEnvironment(process.env);
  const costs: Cost[] = [];
  for (let round = 0; round < options.repeats; round += 1) {
    // Alternating which build goes first, so neither always meets the machine as the other left it.
    const order = round % 2 === 0 ? options.builds : [...options.builds].reverse();
    for (const build of order) {
      process.stderr.write(`round ${round + 1}/${options.repeats}: ${build}…\n`);
      for (const [scenario, { micros, measurement }] of await measureBuild(build, options, connections)) {
        costs.push({ round, build, scenario, micros, failed: measurement.non2xx + measurement.errors + measurement.timeouts });
      }
    }
  }
  process.stdout.write(`${costLines(options.builds, options.scenarios.map((scenario) => scenario.name), costs, options.requests).join('\n')}\n`);
  process.stdout.write(`CPU_COST_RESULT ${JSON.stringify({ builds: options.builds, requests: options.requests, warmup: options.warmup, connections, costs })}\n`);
}

runScript('bench:cpu', argumentsFrom, run);

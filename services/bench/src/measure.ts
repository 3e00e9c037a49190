/** One scenario under load with autocannon: the figures the report prints. */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { Fixture } from './fixture';
import type { Scenario } from './scenarios';
import type { Settings } from './settings';

export interface Measurement {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** A load that runs until it is stopped, e.g. for as long as a rebuild takes. */
interface RunningLoad {
  /** Ends the load (within a sample interval) and resolves with its figures. */
  stop(): Promise<Measurement>;
}

/**
 * How often a stoppable load checks whether it was stopped: short, so that little load falls after the
 * event it was stopped for. Its throughput is then taken from the totals, not from these samples.
 */
const STOPPABLE_SAMPLE_MS = 100;
/** A stoppable load that nobody stops ends by itself after this long. */
const STOPPABLE_LIMIT_SECONDS = 3600;

function optionsOf(scenario: Scenario, baseUrl: string, fixture: Fixture, connections: number): autocannon.Options {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const paths = scenario.paths(fixture).map((path) => `${prefix}${path}`);
  const body = scenario.body?.(fixture);
  // Every target gets the same headers, so the baselines read and parse as many bytes as the service.
  const headers: Record<string, string> = { authorization: `Bearer ${fixture.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let next = 0;
  // Unique across loads, which may run against one service one after the other.
  const keyPrefix = randomUUID();
  return {
    url: base.origin,
    method: scenario.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    connections,
    // One shared counter rather than autocannon's per-connection sequence, which would start every
    // connection on the same path.
    requests: [
      {
        setupRequest: (request) => {
          const sequence = next++;
          const path = paths[sequence % paths.length];
          return scenario.idempotencyKeys ? { ...request, path, headers: { ...request.headers, 'idempotency-key': `${keyPrefix}-${sequence}` } } : { ...request, path };
        },
      },
    ],
  };
}

function measurementOf(scenario: Scenario, result: autocannon.Result, requestsPerSecond: number): Measurement {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  return {
    scenario: scenario.name,
    requestsPerSecond,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/** The scenario's load for `settings.warmupSeconds` unmeasured, then for `settings.durationSeconds` measured. */
export async function measure(scenario: Scenario, baseUrl: string, fixture: Fixture, settings: Settings): Promise<Measurement> {
  const options = optionsOf(scenario, baseUrl, fixture, settings.connections);
  if (settings.warmupSeconds > 0) await autocannon({ ...options, duration: settings.warmupSeconds });
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  return measurementOf(scenario, result, result.requests.average);
}

export function startLoad(scenario: Scenario, baseUrl: string, fixture: Fixture, connections: number): RunningLoad {
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { ...optionsOf(scenario, baseUrl, fixture, connections), duration: STOPPABLE_LIMIT_SECONDS, sampleInt: STOPPABLE_SAMPLE_MS },
      (error: unknown, result: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
  });
  return {
    stop: async () => {
      instance?.stop();
      const result = await finished;
      return measurementOf(scenario, result, result.duration > 0 ? result.requests.total / result.duration : 0);
    },
  };
}

/** Exactly `amount` requests of the scenario (autocannon's `-a`), however long they take: a fixed work to count CPU over. */
export async function measureAmount(scenario: Scenario, baseUrl: string, fixture: Fixture, connections: number, amount: number): Promise<Measurement> {
  const result = await autocannon({ ...optionsOf(scenario, baseUrl, fixture, connections), amount });
  return measurementOf(scenario, result, result.requests.average);
}

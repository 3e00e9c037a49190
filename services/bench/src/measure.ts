/** One scenario under load with autocannon: the figures the report prints. */
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

export async function measure(scenario: Scenario, baseUrl: string, fixture: Fixture, settings: Settings): Promise<Measurement> {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const paths = scenario.paths(fixture).map((path) => `${prefix}${path}`);
  const body = scenario.body?.(fixture);
  // Every target gets the same headers, so the baselines read and parse as many bytes as the service.
  const headers: Record<string, string> = { authorization: `Bearer ${fixture.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let next = 0;

  const result = await autocannon({
    url: base.origin,
    method: scenario.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    connections: settings.connections,
    duration: settings.durationSeconds,
    // One shared counter rather than autocannon's per-connection sequence, which would start every
    // connection on the same path.
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });

  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  return {
    scenario: scenario.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

import { describe, expect, it } from '@jest/globals';
import type { Measurement } from './measure';
import { appServerEchoLines, rowsOf } from './report';
import type { Scenario } from './scenarios';

const scenarios: Scenario[] = [
  { name: 'GET echo', target: 'echo', method: 'GET', paths: () => ['/echo'] },
  { name: 'GET echo, app server', target: 'app echo', method: 'GET', paths: () => ['/echo'] },
  { name: 'get', target: 'service', method: 'GET', paths: () => ['/x'], baseline: 'GET echo' },
];

const run = (scenario: string, requestsPerSecond: number): Measurement => ({
  scenario,
  requestsPerSecond,
  p50Ms: 1,
  p99Ms: 2,
  requests: requestsPerSecond * 10,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: {},
});

describe('rowsOf', () => {
  it('reads a scenario against its baseline', () => {
    const [, get] = rowsOf(scenarios, [run('GET echo', 8000), run('get', 4000)]);
    expect(get).toMatchObject({ baseline: 'GET echo', ratio: 0.5 });
  });

  it('reads it against the mean of the baseline runs, before and after, when the baseline ran twice', () => {
    const rows = rowsOf(scenarios, [run('GET echo', 6000), run('get', 3500), run('GET echo', 8000)]);
    expect(rows[1]).toMatchObject({ baseline: 'GET echo', ratio: 0.5 });
    expect(rows[0]?.ratio).toBeNull();
  });

  it('has no ratio when its baseline did not run', () => {
    const [get] = rowsOf(scenarios, [run('get', 4000)]);
    expect(get?.ratio).toBeNull();
  });
});

describe('appServerEchoLines', () => {
  const echoes = new Map([['GET echo', 'GET echo, app server']]);

  it("reads each scenario against its baseline's echo made as the service's server is", () => {
    const rows = rowsOf(scenarios, [run('GET echo', 8000), run('get', 4000), run('GET echo, app server', 16000)]);
    expect(appServerEchoLines(rows, echoes)).toEqual(["against the echoes made as the service's server is (app server): get 0.25×"]);
  });

  it('says nothing when that echo did not run', () => {
    expect(appServerEchoLines(rowsOf(scenarios, [run('GET echo', 8000), run('get', 4000)]), echoes)).toEqual([]);
  });
});

/**
 * What is measured, in order. A new scenario is one more entry; `baseline` names the echo scenario whose
 * throughput it is read against (the http section runs each echo again at the end and reads against both).
 */
import { customerEmailOf, type Fixture } from './fixture';

export type TargetName = 'service' | 'echo' | 'app echo';

export interface Scenario {
  name: string;
  target: TargetName;
  method: 'GET' | 'POST';
  /** Paths under the target's base URL; successive requests take them in turn. */
  paths(fixture: Fixture): string[];
  body?(fixture: Fixture): unknown;
  baseline?: string;
  /** Each request carries an Idempotency-Key of its own, as the API asks of clients on every POST. */
  idempotencyKeys?: boolean;
}

/** A typical issue body; the bulk figures use it for every item too. */
export function issueBody(fixture: Fixture): unknown {
  return { template_id: fixture.templateId, customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', points: 10 };
}

const passPaths = (fixture: Fixture, suffix: string) =>
  fixture.passIds.map((passId) => `/businesses/${fixture.businessId}/passes/${passId}${suffix}`);

export const SCENARIOS: Scenario[] = [
  // The issue body itself, so the baseline parses and serialises the same bytes.
  { name: 'POST echo', target: 'echo', method: 'POST', paths: () => ['/echo'], body: issueBody },
  { name: 'GET echo', target: 'echo', method: 'GET', paths: () => ['/echo'] },
  {
    name: 'issue',
    target: 'service',
    method: 'POST',
    paths: (fixture) => [`/businesses/${fixture.businessId}/passes`],
    body: issueBody,
    baseline: 'POST echo',
  },
  { name: 'stamp', target: 'service', method: 'POST', paths: (fixture) => passPaths(fixture, '/stamp?count=1'), baseline: 'POST echo' },
  {
    name: 'stamp, keyed',
    target: 'service',
    method: 'POST',
    paths: (fixture) => passPaths(fixture, '/stamp?count=1'),
    baseline: 'POST echo',
    idempotencyKeys: true,
  },
  { name: 'get', target: 'service', method: 'GET', paths: (fixture) => passPaths(fixture, ''), baseline: 'GET echo' },
  // A lookup by an index of the read model: each email is one pass's customer, so each answer lists one pass.
  {
    name: 'lookup by email',
    target: 'service',
    method: 'GET',
    paths: (fixture) => fixture.passIds.map((_, index) => `/businesses/${fixture.businessId}/passes/lookup/email/${encodeURIComponent(customerEmailOf(index))}`),
    baseline: 'GET echo',
  },
  // The cheapest authenticated read (one kept document, a small answer): what any API request pays before
  // its own work, the floor under every ratio above.
  {
    name: 'get template',
    target: 'service',
    method: 'GET',
    paths: (fixture) => [`/businesses/${fixture.businessId}/templates/${fixture.templateId}`],
    baseline: 'GET echo',
  },
  // The echoes once more, their server made as the service's is (createAppServer): without the prototype
  // swap express makes on every request, which the bare echoes pay and the service no longer does.
  { name: 'POST echo, app server', target: 'app echo', method: 'POST', paths: () => ['/echo'], body: issueBody },
  { name: 'GET echo, app server', target: 'app echo', method: 'GET', paths: () => ['/echo'] },
];

/** Each echo made as the service's server is, by the bare echo it repeats. */
export const APP_SERVER_ECHOES: ReadonlyMap<string, string> = new Map([
  ['POST echo', 'POST echo, app server'],
  ['GET echo', 'GET echo, app server'],
]);

/** The scenario of that name; a name missing from SCENARIOS stops the run. */
export function scenarioNamed(name: string): Scenario {
  const scenario = SCENARIOS.find((candidate) => candidate.name === name);
  if (!scenario) throw new Error(`the '${name}' scenario is missing from SCENARIOS`);
  return scenario;
}

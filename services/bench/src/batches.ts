/**
 * Bulk issue and bulk update of full batches, one request at a time, against single issues and updates
 * made the same way: the cost of a pass inside a batch as a fraction of a pass issued on its own. Timed
 * at the client, so every figure includes HTTP, JSON and the wait for the read models, as a caller sees it.
 */
import { performance } from 'node:perf_hooks';
import type { Fixture } from './fixture';
import { requestJson, stringAt } from './json-request';

/** The spec's largest batch. */
const BATCH_SIZE = 500;
const BATCH_ROUNDS = 5;
const SINGLE_REQUESTS = 50;

export interface Timing {
  scenario: string;
  /** Passes each timed request acts on. */
  passes: number;
  requests: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  perPassMs: number;
}

export interface BatchFigures {
  singleIssue: Timing;
  singleUpdate: Timing;
  bulkIssue: Timing;
  bulkUpdate: Timing;
}

function timingOf(scenario: string, passes: number, durationsMs: number[]): Timing {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const medianMs = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return { scenario, passes, requests: sorted.length, medianMs, minMs: sorted[0] ?? 0, maxMs: sorted[sorted.length - 1] ?? 0, perPassMs: medianMs / passes };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** The ids a bulk result reports; anything short of every item succeeding stops the run. */
function idsOf(result: unknown, expected: number): string[] {
  const { succeeded, results } = result as { succeeded: number; results: { pass?: { id: string } }[] };
  if (succeeded !== expected) throw new Error(`a bulk request succeeded for ${succeeded} of ${expected} items: ${JSON.stringify(result).slice(0, 500)}`);
  return results.map((entry) => stringAt(entry, 'pass', 'id'));
}

export async function measureBatches(apiUrl: string, fixture: Fixture, issueBody: unknown): Promise<BatchFigures> {
  const passesUrl = `${apiUrl}/businesses/${fixture.businessId}/passes`;
  const call = (method: 'POST' | 'PATCH', path: string, body: unknown, expectedStatus = 200) =>
    requestJson(method, `${passesUrl}${path}`, body, fixture.token, expectedStatus);

  const singleIssues = [];
  for (let index = 0; index < SINGLE_REQUESTS; index += 1) singleIssues.push(await timed(() => call('POST', '', issueBody, 201)));
  // Fresh passes: the fixture's have long histories from the per-pass scenarios, and an update reads its pass's stream.
  const singleUpdates = [];
  for (const [index, { value }] of singleIssues.entries()) {
    singleUpdates.push(await timed(() => call('PATCH', `/${stringAt(value, 'id')}`, { points: index + 1 })));
  }

  const bulkIssues = [];
  for (let round = 0; round < BATCH_ROUNDS; round += 1) {
    const passes = Array.from({ length: BATCH_SIZE }, () => issueBody);
    bulkIssues.push(await timed(async () => idsOf(await call('POST', '/bulk', { passes }), BATCH_SIZE)));
  }
  const bulkUpdates = [];
  for (const [round, { value: ids }] of bulkIssues.entries()) {
    const passes = ids.map((identifier) => ({ identifier, points: round + 1, customer_name: 'Grace Hopper' }));
    bulkUpdates.push(await timed(async () => idsOf(await call('PATCH', '/bulk', { passes }), BATCH_SIZE)));
  }

  return {
    singleIssue: timingOf('single issue', 1, singleIssues.map(({ ms }) => ms)),
    singleUpdate: timingOf('single update', 1, singleUpdates.map(({ ms }) => ms)),
    bulkIssue: timingOf('bulk issue', BATCH_SIZE, bulkIssues.map(({ ms }) => ms)),
    bulkUpdate: timingOf('bulk update', BATCH_SIZE, bulkUpdates.map(({ ms }) => ms)),
  };
}

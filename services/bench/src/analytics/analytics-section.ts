/**
 * The `analytics` section (issue 36): a business with `--passes` passes issued over the past year, written
 * straight into its event store with the service following; then a year's analytics query timed one
 * request after another, and a passes export then an events export (Pro), each timed from its request to
 * ready, the server's memory sampled meanwhile. Runs only when named, like `scale`.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '@passes/event-store';
import { timeSequentially } from '../audit/sequential-timing';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { cpuMicroseconds } from '../cpu-cost/process-cpu';
import { count } from '../format';
import { requestJson, stringAt } from '../json-request';
import { warningLines } from '../report';
import type { Resources } from '../resources';
import type { SectionOutcome } from '../section';
import { appendCustomerPasses } from '../seeding/pass-histories';
import { upgradeToPro } from '../upgrade-to-pro';
import { ANALYTICS_QUERY_GOAL_MS, analyticsLines, EXPORT_GOAL_MS, EXPORT_MEMORY_GOAL_MIB, type AnalyticsFigures, type ExportFigures } from './analytics-figures';
import { growthOf, memoryOf, type MemorySample } from './server-memory';

const DAY_MS = 86_400_000;
const REQUESTS = 200;
const POLL_MS = 100;
const IDLE_MS = 2_000;
const EXPORT_TIMEOUT_MS = 30 * 60_000;

/** A number in a parsed answer, e.g. `numberAt(body, 'totals', 'passes_issued')`. */
function numberAt(value: unknown, ...keys: string[]): number {
  let current = value;
  for (const key of keys) current = typeof current === 'object' && current !== null ? Object.entries(current).find(([name]) => name === key)?.[1] : undefined;
  if (typeof current !== 'number') throw new Error(`no number at ${keys.join('.')}`);
  return current;
}

export async function runAnalyticsSection(passes: number, resources: Resources): Promise<SectionOutcome<AnalyticsFigures>> {
  // Its metrics listener tells the server's memory by kind (server-memory.ts).
  const service = await startEmbeddedService(resources, 'analytics service', { PASSES_METRICS_PORT: '0' });
  const fixture = await createFixture(service.url);
  await upgradeToPro(service.url, service.storesEnv, fixture);
  const followers = EmbeddedFollowers.open(service, resources);
  const store = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  const now = Date.now();
  process.stderr.write(`analytics: issuing ${count(passes)} passes over the past year straight into events.sqlite…\n`);
  try {
    // Spread over 365 days, up to now: every day of the year has passes issued, at every time of day.
    const issuedAt = (index: number) => new Date(now - 365 * DAY_MS + Math.floor(((index + 0.5) * 365 * DAY_MS) / passes));
    await appendCustomerPasses(store, fixture, passes, issuedAt, (head) => followers.waitFor(head));
  } finally {
    await store.close();
  }
  const businessUrl = `${service.url}/businesses/${fixture.businessId}`;
  const today = new Date(now).toISOString().slice(0, 10);
  const yearAgo = new Date(now - 365 * DAY_MS).toISOString().slice(0, 10);
  const expected = passes + fixture.passIds.length;

  process.stderr.write(`analytics: timing ${REQUESTS} queries of 366 days…\n`);
  // What the idle server spends (its followers' and work runner's polls), to take out of the queries' CPU.
  const idleBefore = cpuMicroseconds(service.pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idlePerMs = (cpuMicroseconds(service.pid) - idleBefore) / IDLE_MS;
  const cpuBefore = cpuMicroseconds(service.pid);
  const queriesStarted = performance.now();
  const yearQuery = await timeSequentially(REQUESTS, async () => {
    const answer = await requestJson('GET', `${businessUrl}/analytics?from=${yearAgo}&to=${today}&tz=Europe/London`, undefined, fixture.token, 200);
    const issued = numberAt(answer, 'totals', 'passes_issued');
    if (issued !== expected) throw new Error(`the year's query counts ${issued} passes issued, not ${expected}`);
  });
  // The untimed first call included.
  const queryCpuMs = (cpuMicroseconds(service.pid) - cpuBefore - idlePerMs * (performance.now() - queriesStarted)) / 1000 / (REQUESTS + 1);

  process.stderr.write('analytics: exporting the passes, then the events…\n');
  const passesExport = await timeExport(service.metricsUrl, businessUrl, fixture.token, 'passes');
  if (passesExport.rows !== expected) throw new Error(`the passes export has ${passesExport.rows} rows, not ${expected}`);
  // One PassIssued a pass, the bench's own passes' few events beside them.
  const eventsExport = await timeExport(service.metricsUrl, businessUrl, fixture.token, 'events');
  if (eventsExport.rows < expected) throw new Error(`the events export has ${eventsExport.rows} rows, fewer than the ${expected} passes issued`);

  const figures: AnalyticsFigures = {
    passes,
    yearQuery,
    queryCpuMs,
    passesExport,
    eventsExport,
    queryGoalMet: yearQuery.p99Ms < ANALYTICS_QUERY_GOAL_MS,
    exportGoalMet: passesExport.ms < EXPORT_GOAL_MS,
    memoryGoalMet: Math.max(passesExport.growth.rssMiB, eventsExport.growth.rssMiB) < EXPORT_MEMORY_GOAL_MIB,
  };
  return { lines: analyticsLines(figures), warnings: warningLines([], { 'analytics service': service.problems() }), figures };
}

/** An export from its request to `ready`, the server's memory sampled at each poll against what it was before. */
async function timeExport(metricsUrl: string | null, businessUrl: string, token: string, kind: 'passes' | 'events'): Promise<ExportFigures> {
  if (metricsUrl === null) throw new Error('the analytics service runs without its metrics listener');
  const before = await memoryOf(metricsUrl);
  const samples: MemorySample[] = [];
  const started = performance.now();
  const queued = await requestJson('POST', `${businessUrl}/analytics/exports`, { kind }, token, 202);
  const exportUrl = `${businessUrl}/analytics/exports/${stringAt(queued, 'id')}`;
  let exported: unknown = queued;
  while (stringAt(exported, 'status') !== 'ready') {
    if (stringAt(exported, 'status') === 'failed') throw new Error(`the ${kind} export failed`);
    if (performance.now() - started > EXPORT_TIMEOUT_MS) throw new Error(`the ${kind} export was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    samples.push(await memoryOf(metricsUrl));
    exported = await requestJson('GET', exportUrl, undefined, token, 200);
  }
  const ms = performance.now() - started;
  return { kind, ms, rows: numberAt(exported, 'rows'), bytes: numberAt(exported, 'bytes'), growth: growthOf(before, samples) };
}

/**
 * The `analytics` section (issue 36): a business with `--passes` passes issued over the past year, written
 * straight into its event store with the service following; then a year's analytics query timed one
 * request after another, and a passes export (Pro) timed from its request to ready, the server's memory
 * sampled meanwhile. Runs only when named, like `scale`.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '@passes/event-store';
import { timeSequentially } from '../audit/sequential-timing';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { count } from '../format';
import { requestJson, stringAt } from '../json-request';
import { residentMiB } from '../process-memory';
import { warningLines } from '../report';
import type { Resources } from '../resources';
import type { SectionOutcome } from '../section';
import { appendIssuedPasses } from '../seeding/pass-histories';
import { upgradeToPro } from '../upgrade-to-pro';
import { ANALYTICS_QUERY_GOAL_MS, analyticsLines, EXPORT_GOAL_MS, EXPORT_MEMORY_GOAL_MIB, type AnalyticsFigures } from './analytics-figures';

const DAY_MS = 86_400_000;
const REQUESTS = 200;
const COMMITS_BETWEEN_WAITS = 20;
const POLL_MS = 100;
const EXPORT_TIMEOUT_MS = 30 * 60_000;

/** A number in a parsed answer, e.g. `numberAt(body, 'totals', 'passes_issued')`. */
function numberAt(value: unknown, ...keys: string[]): number {
  let current = value;
  for (const key of keys) current = typeof current === 'object' && current !== null ? Object.entries(current).find(([name]) => name === key)?.[1] : undefined;
  if (typeof current !== 'number') throw new Error(`no number at ${keys.join('.')}`);
  return current;
}

export async function runAnalyticsSection(passes: number, resources: Resources): Promise<SectionOutcome<AnalyticsFigures>> {
  const service = await startEmbeddedService(resources, 'analytics service');
  const fixture = await createFixture(service.url);
  await upgradeToPro(service.url, service.storesEnv, fixture);
  const followers = EmbeddedFollowers.open(service, resources);
  const store = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  const now = Date.now();
  process.stderr.write(`analytics: issuing ${count(passes)} passes over the past year straight into events.sqlite…\n`);
  try {
    await appendIssuedPasses(store, fixture, {
      from: 0,
      to: passes,
      customerOf: (index) => ({ name: `Customer ${index}`, email: `customer-${index}@example.com`, externalId: null }),
      sampled: new Set(),
      commitsBetweenWaits: COMMITS_BETWEEN_WAITS,
      afterCommit: (head) => followers.waitFor(head),
      // Spread over 365 days, up to now: every day of the year has passes issued, at every time of day.
      issuedAt: (index) => new Date(now - 365 * DAY_MS + Math.floor(((index + 0.5) * 365 * DAY_MS) / passes)),
    });
  } finally {
    await store.close();
  }
  const businessUrl = `${service.url}/businesses/${fixture.businessId}`;
  const today = new Date(now).toISOString().slice(0, 10);
  const yearAgo = new Date(now - 365 * DAY_MS).toISOString().slice(0, 10);
  const expected = passes + fixture.passIds.length;

  process.stderr.write(`analytics: timing ${REQUESTS} queries of 366 days…\n`);
  const yearQuery = await timeSequentially(REQUESTS, async () => {
    const answer = await requestJson('GET', `${businessUrl}/analytics?from=${yearAgo}&to=${today}&tz=Europe/London`, undefined, fixture.token, 200);
    const issued = numberAt(answer, 'totals', 'passes_issued');
    if (issued !== expected) throw new Error(`the year's query counts ${issued} passes issued, not ${expected}`);
  });

  process.stderr.write('analytics: exporting the passes…\n');
  const rssBefore = residentMiB(service.pid);
  let rssPeak = rssBefore;
  const started = performance.now();
  const queued = await requestJson('POST', `${businessUrl}/analytics/exports`, { kind: 'passes' }, fixture.token, 202);
  const exportUrl = `${businessUrl}/analytics/exports/${stringAt(queued, 'id')}`;
  let exported: unknown = queued;
  while (stringAt(exported, 'status') !== 'ready') {
    if (stringAt(exported, 'status') === 'failed') throw new Error('the passes export failed');
    if (performance.now() - started > EXPORT_TIMEOUT_MS) throw new Error('the passes export was not ready in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const rss = residentMiB(service.pid);
    if (rss !== null && rssPeak !== null) rssPeak = Math.max(rssPeak, rss);
    exported = await requestJson('GET', exportUrl, undefined, fixture.token, 200);
  }
  const passesExportMs = performance.now() - started;
  const exportRows = numberAt(exported, 'rows');
  if (exportRows !== expected) throw new Error(`the export has ${exportRows} rows, not ${expected}`);
  const exportRssGrowthMiB = rssBefore === null || rssPeak === null ? null : rssPeak - rssBefore;

  const figures: AnalyticsFigures = {
    passes,
    yearQuery,
    passesExportMs,
    exportRows,
    exportBytes: numberAt(exported, 'bytes'),
    exportRssGrowthMiB,
    queryGoalMet: yearQuery.p99Ms < ANALYTICS_QUERY_GOAL_MS,
    exportGoalMet: passesExportMs < EXPORT_GOAL_MS,
    memoryGoalMet: exportRssGrowthMiB === null ? null : exportRssGrowthMiB < EXPORT_MEMORY_GOAL_MIB,
  };
  return { lines: analyticsLines(figures), warnings: warningLines([], { 'analytics service': service.problems() }), figures };
}

/**
 * The `audit` section (issue 12, "Speed"): the auditor's reads of one pass with a long history. The pass
 * is issued through the API and its other 9,999 events (single stamps) are appended straight into the
 * event store, as months of stamping would have left them.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '@passes/event-store';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { count } from '../format';
import { requestJson } from '../json-request';
import { warningLines } from '../report';
import type { Resources } from '../resources';
import type { SectionOutcome } from '../section';
import { appendStamps } from '../seeding/pass-histories';
import { AUDIT_GOAL_MS, type AuditFigures } from './audit-figures';
import { auditLines } from './audit-report';
import { timeSequentially } from './sequential-timing';

const PASS_EVENTS = 10_000;
/** Enough for a p99 that is not simply the slowest sample: of 200, the second slowest. */
const REQUESTS = 200;
/** The largest page the events endpoint gives. */
const PAGE_LIMIT = 1000;

interface HistoryPage {
  data: { revision: number }[];
  has_more: boolean;
}

export async function runAuditSection(resources: Resources): Promise<SectionOutcome<AuditFigures>> {
  const service = await startEmbeddedService(resources, 'audit service');
  const fixture = await createFixture(service.url);
  const [passId] = fixture.passIds;
  if (passId === undefined) throw new Error('the fixture has no pass');

  process.stderr.write(`audit: appending ${count(PASS_EVENTS - 1)} stamps to one pass straight into events.sqlite…\n`);
  const followers = EmbeddedFollowers.open(service, resources);
  const store = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  try {
    await appendStamps(store, passId, fixture.businessId, PASS_EVENTS - 1, (head) => followers.waitFor(head));
  } finally {
    await store.close();
  }

  const passUrl = `${service.url}/businesses/${fixture.businessId}/passes/${passId}`;
  const get = (url: string) => requestJson('GET', url, undefined, fixture.token, 200);
  // Each figure is checked to be what it claims: a fold of every event, a full page, the whole history.
  const expectStamps = (pass: unknown) => {
    const { stamps } = pass as { stamps: number };
    if (stamps !== PASS_EVENTS - 1) throw new Error(`the pass read back has ${stamps} stamps, not ${PASS_EVENTS - 1}`);
  };
  const page = async (afterRevision: number | null) => {
    const query = afterRevision === null ? '' : `&after_revision=${afterRevision}`;
    return (await get(`${passUrl}/events?limit=${PAGE_LIMIT}${query}`)) as HistoryPage;
  };

  /** Follows `has_more` to the end, as a client would; returns the pages it took. */
  const readWholeHistory = async () => {
    let events = 0;
    let pages = 0;
    for (let next: HistoryPage = { data: [], has_more: true }; next.has_more; pages += 1) {
      next = await page(next.data.at(-1)?.revision ?? null);
      events += next.data.length;
    }
    if (events !== PASS_EVENTS) throw new Error(`the history has ${events} events, not ${PASS_EVENTS}`);
    return pages;
  };

  process.stderr.write(`audit: timing ${REQUESTS} as-of reads, first pages and whole histories…\n`);
  const readAsOf = async () => expectStamps(await get(`${passUrl}?as_of=${new Date().toISOString()}`));
  const firstStarted = performance.now();
  await readAsOf();
  const asOfFirstMs = performance.now() - firstStarted;
  const asOf = await timeSequentially(REQUESTS, readAsOf);
  const historyStarted = performance.now();
  const pages = await readWholeHistory();
  const wholeHistoryFirstMs = performance.now() - historyStarted;
  const firstPage = await timeSequentially(REQUESTS, async () => {
    const { data } = await page(null);
    if (data.length !== PAGE_LIMIT) throw new Error(`the first page has ${data.length} events, not ${PAGE_LIMIT}`);
  });
  const wholeHistory = await timeSequentially(REQUESTS, async () => void (await readWholeHistory()));

  const figures: AuditFigures = {
    passEvents: PASS_EVENTS,
    asOf,
    firstPage,
    wholeHistory: { ...wholeHistory, pages },
    wholeHistoryFirstMs,
    asOfFirstMs,
    asOfGoalMet: asOf.p99Ms < AUDIT_GOAL_MS,
    historyGoalMet: wholeHistory.p99Ms < AUDIT_GOAL_MS,
  };
  return { lines: auditLines(figures), warnings: warningLines([], { 'audit service': service.problems() }), figures };
}

/**
 * The sweep's pages of timed runs (automation-run-page-handler.ts): a page recorded again by a repeated
 * sweep is the same item, and a page carried out twice, twice at once, or holding a pass that already ran
 * the occurrence, runs each pass once. The sweep and the page's runner act here as another process would,
 * at the end of the quiet spell, on the server's stores; the server's own clock stays before it, so its
 * own sweep finds nothing due.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { AUTOMATION_RUN_PAGE, AutomationRunHandler, AutomationRunPageHandler, AutomationSweepHandler, CommandHandler, type AutomationRunPageWork } from '@passes/application';
import { SqliteWorkStore, workOf, type Work } from '@passes/background-work';
import { readModelsOf, SqliteDocumentStore } from '@passes/read-model';
import { until } from './testing/eventually';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';
import type { PassBody } from './testing/wire-types';

const DAY_MS = 86_400_000;

let server: TestServer, business: TestBusiness, documents: SqliteDocumentStore, work: SqliteWorkStore;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server, 'Quiet Café');
  await server.changePlan(business.businessId, 'pro');
  documents = SqliteDocumentStore.open(path.join(server.dataDir, 'read-models.sqlite'));
  work = SqliteWorkStore.open(path.join(server.dataDir, 'other-process-work.sqlite'));
});
afterAll(async () => {
  await work.close();
  await documents.close();
  await server.stop();
});

const historyOf = async (passId: string) =>
  (await server.request<{ data: { type: string }[] }>('GET', `/businesses/${business.businessId}/passes/${passId}/events`, { token: business.token })).body.data.map((event) => event.type);
const pointsOf = async (passId: string) => (await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${passId}`, { token: business.token })).body.points;

async function recordedPages(): Promise<Work<AutomationRunPageWork>[]> {
  const items = await work.list({ kind: AUTOMATION_RUN_PAGE.name, limit: 10 });
  return items.flatMap((item) => workOf(AUTOMATION_RUN_PAGE, item) ?? []);
}

describe('a page of the inactive sweep', () => {
  it('is recorded once however often the bucket is swept, and runs each pass once however often it is carried out', async () => {
    const passes = [await issuePass(server, business), await issuePass(server, business), await issuePass(server, business)];
    const rule = (
      await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/automations`, {
        token: business.token,
        body: { name: 'We miss you', trigger: { type: 'inactive', days: 30 }, actions: [{ type: 'add_points', points: 5 }] },
      })
    ).body;
    const later = { now: () => new Date(server.clock.now().getTime() + 30 * DAY_MS + 60_000) };
    const sweep = new AutomationSweepHandler(readModelsOf(documents), work, later, () => undefined);
    const sweepOnce = async () => {
      const sweepItem = { id: 'sweep', kind: 'automation.sweep', group: null, order: '', payload: {}, status: 'pending' as const, attempts: 0, dueAt: later.now(), lastAttemptAt: null, lastCode: null, lastError: null, createdAt: later.now() };
      expect((await sweep.handle(sweepItem, new AbortController().signal)).outcome).toBe('done');
    };
    await until(async () => {
      await sweepOnce();
      return (await recordedPages()).length > 0;
    }, 'the sweep finds the quiet passes');
    const recorded = await recordedPages();
    await sweepOnce();
    const pages = await recordedPages();
    expect(pages.map((page) => page.id)).toEqual(recorded.map((page) => page.id));
    // One page, unless a pass's id hashes to a mark and ends one: either way each quiet pass is in one.
    expect(pages.flatMap((page) => page.payload.runs.map((run) => run.passId)).sort()).toEqual(passes.map((pass) => pass.id).sort());
    for (const page of pages) expect(page.payload.automationId).toBe(rule.id);
    const [page] = pages;
    if (page === undefined) throw new Error('no page');

    const { application, events } = server.internals;
    const runs = new AutomationRunHandler(new CommandHandler(events), application.milestones, application.plans, later, false);
    const pageRunner = new AutomationRunPageHandler(runs, work, later);
    const signal = new AbortController().signal;
    const [first] = page.payload.runs;
    if (first === undefined) throw new Error('an empty page');
    // One pass runs on its own first; then the whole page goes twice at once, and once more as after a crash.
    expect((await pageRunner.handle({ ...page, payload: { ...page.payload, runs: [first] } }, signal)).outcome).toBe('done');
    expect((await historyOf(first.passId)).filter((type) => type === 'AutomationRan')).toHaveLength(1);
    for (const each of pages) {
      const twice = await Promise.all([pageRunner.handle(each, signal), pageRunner.handle(each, signal)]);
      expect(twice.map((outcome) => outcome.outcome)).toEqual(['done', 'done']);
      expect((await pageRunner.handle(each, signal)).outcome).toBe('done');
    }

    for (const pass of passes) {
      const history = await historyOf(pass.id);
      expect(history.filter((type) => type === 'AutomationRan')).toHaveLength(1);
      expect(history.filter((type) => type === 'PointsAdjusted')).toHaveLength(1);
      expect(await pointsOf(pass.id)).toBe(5);
    }
    // Nothing was held off: no run of the page was left to go on its own.
    expect(await work.list({ kind: 'automation.run', limit: 10 })).toEqual([]);
  });
});

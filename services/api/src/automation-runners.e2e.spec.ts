/**
 * Several runners of one automation occurrence at once (PROGRAMME §3: several processes): the server's
 * own runner and three more, each with a command handler of its own as another process would have, race
 * on the same pass; the pass's stream takes exactly one run. The runs the losers decide on fresh state
 * after their append failed record nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AutomationRunHandler, CommandHandler, type AutomationRunWork } from '@passes/application';
import type { Work } from '@passes/background-work';
import { until } from './testing/eventually';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';
import type { PassBody } from './testing/wire-types';

let server: TestServer, business: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());

describe('runners racing on one occurrence', () => {
  it('record one run, and its points once', async () => {
    const rule = await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/automations`, {
      token: business.token,
      body: { name: 'Welcome', trigger: { type: 'pass_issued' }, actions: [{ type: 'add_points', points: 10 }] },
    });
    const { application, events } = server.internals;
    const runners = Array.from({ length: 3 }, () => new AutomationRunHandler(new CommandHandler(events), application.milestones, application.plans, server.clock, false));
    const pass = await issuePass(server, business);
    const payload: AutomationRunWork = { automationId: rule.body.id, passId: pass.id, occurrence: 'issued', depth: 1, causationId: null, timed: false };
    const now = server.clock.now();
    const work: Work<AutomationRunWork> = {
      id: 'race',
      kind: 'automation.run',
      group: null,
      order: now.toISOString(),
      payload,
      createdAt: now,
      status: 'pending',
      attempts: 0,
      dueAt: now,
      lastAttemptAt: null,
      lastCode: null,
      lastError: null,
    };
    const outcomes = await Promise.all(runners.map((runner) => runner.handle(work)));
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['done', 'done', 'done']);
    const history = async () => (await server.request<{ data: { type: string }[] }>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: business.token })).body.data;
    // The server's own runner has its go as well: a pass issued after has its run once the runner is past the first.
    const runs = async () => (await server.request<{ data: unknown[] }>('GET', `/businesses/${business.businessId}/automations/${rule.body.id}/runs`, { token: business.token })).body.data;
    await issuePass(server, business);
    await until(async () => (await runs()).length === 2, "the later pass's run");
    expect((await history()).filter((event) => event.type === 'AutomationRan')).toHaveLength(1);
    expect((await history()).filter((event) => event.type === 'PointsAdjusted')).toHaveLength(1);
    expect((await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token })).body.points).toBe(10);
  });
});

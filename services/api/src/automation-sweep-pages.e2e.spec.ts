/**
 * The timed sweep reads a day's bucket of passes a store page at a time (automation-sweep-handler.ts): a
 * bucket larger than a page, here the passes of one business issued on one day, is swept whole, each pass
 * once, over real HTTP against the embedded stack.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SWEEP_PAGE_SIZE } from '@passes/application';
import { until } from './testing/eventually';
import { registerBusiness, renewToken, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';

const DAY_MS = 86_400_000;
/** Over a page and a half, in bulk requests of at most 500. */
const PASSES = SWEEP_PAGE_SIZE + Math.ceil(SWEEP_PAGE_SIZE / 2);

let server: TestServer, business: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start(undefined, { workPollIntervalMs: 50 });
  business = await registerBusiness(server, 'Quiet Café');
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());

const automationOf = async (id: string) =>
  (await server.request<{ stats: { runs: number } }>('GET', `/businesses/${business.businessId}/automations/${id}`, { token: business.token })).body;

describe('the inactive sweep over a bucket larger than a store page', () => {
  it('fires once on every pass of the bucket', async () => {
    for (let from = 0; from < PASSES; from += 500) {
      const items = Array.from({ length: Math.min(500, PASSES - from) }, () => ({ template_id: business.templateId }));
      const answer = await server.request<{ succeeded: number }>('POST', `/businesses/${business.businessId}/passes/bulk`, { token: business.token, body: { passes: items } });
      expect(answer.body.succeeded).toBe(items.length);
    }
    const rule = (
      await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/automations`, {
        token: business.token,
        body: { name: 'We miss you', trigger: { type: 'inactive', days: 30 }, actions: [{ type: 'add_points', points: 5 }] },
      })
    ).body;
    server.clock.advance(30 * DAY_MS + 60_000);
    await renewToken(server, business);
    await until(async () => (await automationOf(rule.id)).stats.runs >= PASSES, 'a run on every pass', 120_000);
    expect((await automationOf(rule.id)).stats.runs).toBe(PASSES);
  }, 180_000);
});

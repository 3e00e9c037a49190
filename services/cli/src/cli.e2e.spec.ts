/**
 * The `passes` CLI, run as its own compiled process on the data directory of a running server, as an
 * operator would. `npm test` builds it first.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { SqliteWorkStore } from '@passes/background-work';
import { createApiKey, issuePass, registerBusiness, type TestBusiness } from '../../api/src/testing/fixtures';
import { TestServer } from '../../api/src/testing/test-server';
import type { HistoryBody, PassBody } from '../../api/src/testing/wire-types';
import { runPasses, type CliOutcome } from './testing/run-passes';


let server: TestServer;
let business: TestBusiness;

function passes(...args: string[]): Promise<CliOutcome> {
  // The server's app URL, that links come out alike.
  return runPasses({ PASSES_DATA_DIR: server.dataDir, PASSES_APP_URL: 'https://passes.test' }, args);
}

beforeAll(async () => {
  if (!fs.existsSync(path.resolve(__dirname, '../dist/main.js'))) throw new Error('services/cli is not built: run `npm run build` (npm test does)');
  server = await TestServer.start();
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

describe('passes history <business_id> <pass>', () => {
  it('prints the same history as the events endpoint', async () => {
    const pass = await issuePass(server, business, { external_id: 'cli-1' });
    await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp`, { token: business.token });
    const viaHttp = await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: business.token });
    const viaCli = await passes('history', business.businessId, 'cli-1');
    expect(viaCli.code).toBe(0);
    expect(JSON.parse(viaCli.stdout)).toEqual({ data: viaHttp.body.data });
  });

  it('prints the pass as it was at an instant with --as-of', async () => {
    const pass = await issuePass(server, business, { external_id: 'cli-as-of' });
    const issuedAt = server.clock.now();
    server.clock.advance(60_000);
    await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=4`, { token: business.token });
    const then = await passes('history', business.businessId, 'cli-as-of', '--as-of', issuedAt.toISOString());
    const now = await passes('history', business.businessId, 'cli-as-of', '--as-of', server.clock.now().toISOString());
    expect([then.code, now.code]).toEqual([0, 0]);
    expect(JSON.parse(then.stdout)).toMatchObject({ id: pass.id, stamps: 0 });
    expect(JSON.parse(now.stdout)).toMatchObject({ id: pass.id, stamps: 4 });
    expect((await passes('history', business.businessId, 'cli-as-of', '--as-of', 'soon')).code).toBe(2);
  });

  it('given an instant, when printing the pass as it was then, then it prints the pass as the API answers it at that instant', async () => {
    const pass = await issuePass(server, business, { external_id: 'cli-as-of-wire' });
    server.clock.advance(60_000);
    await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=2`, { token: business.token });
    const instant = server.clock.now().toISOString();

    const viaHttp = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}?as_of=${instant}`, { token: business.token });
    const viaCli = await passes('history', business.businessId, 'cli-as-of-wire', '--as-of', instant);

    expect([viaHttp.status, viaCli.code]).toEqual([200, 0]);
    expect(JSON.parse(viaCli.stdout)).toEqual(viaHttp.body);
  });

  it('given an instant in the future, when asking for the pass then, then it refuses as the API does (422 there), with a usage exit code', async () => {
    await issuePass(server, business, { external_id: 'cli-as-of-future' });
    const future = new Date(Date.now() + 24 * 3600_000).toISOString();

    const refused = await passes('history', business.businessId, 'cli-as-of-future', '--as-of', future);

    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe('--as-of must not be in the future');
  });

  it('finds a sandbox pass too', async () => {
    await server.changePlan(business.businessId, 'pro');
    const key = await createApiKey(server, business, 'test');
    const sandbox = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, { apiKey: key.key, body: { template_id: business.templateId, external_id: 'cli-sandbox' } });
    expect(sandbox.status).toBe(201);
    const viaCli = await passes('history', business.businessId, 'cli-sandbox');
    expect(viaCli.code).toBe(0);
    expect(JSON.parse(viaCli.stdout)).toMatchObject({ data: [{ type: 'PassIssued', data: { mode: 'test', pass_id: sandbox.body.id } }] });
    await server.changePlan(business.businessId, 'free');
  });

  it('fails with exit code 1 for an unknown pass', async () => {
    const result = await passes('history', business.businessId, 'no-such-pass');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not_found');
  });
});

describe('passes admin set-plan <business_id> <free|pro>', () => {
  it('records the plan, and the very next request to the running server sees it', async () => {
    for (const plan of ['pro', 'free', 'pro']) {
      const result = await passes('admin', 'set-plan', business.businessId, plan);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`${plan} plan`);
      expect((await server.request<{ plan: string }>('GET', '/businesses/me', { token: business.token })).body.plan).toBe(plan);
    }
  });

  it('refuses an unknown plan and a wrong usage with exit code 2', async () => {
    expect((await passes('admin', 'set-plan', business.businessId, 'gold')).code).toBe(2);
    const usage = await passes('frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage');
  });

  it('fails with exit code 1 for an unknown business', async () => {
    const result = await passes('admin', 'set-plan', '00000000-0000-4000-8000-000000000000', 'pro');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not_found');
  });
});

describe('passes work status | list | retry', () => {
  const kind = 'operator.check';
  const minuteAgo = () => new Date(Date.now() - 60_000);

  beforeAll(async () => {
    // Seeded in the server's own work store; no handler of the server's claims this kind.
    const store = SqliteWorkStore.open(path.join(server.dataDir, 'background-work.sqlite'));
    try {
      await store.record([{ id: 'due-1', kind, group: null, order: '1', payload: {}, dueAt: minuteAgo(), createdAt: minuteAgo() }]);
      await store.adopt([
        { id: 'dead-1', kind, group: 'receiver-a', order: '0', payload: {}, status: 'dead', attempts: 8, dueAt: null, lastAttemptAt: minuteAgo(), lastCode: 503, lastError: null, createdAt: minuteAgo() },
        { id: 'done-1', kind, group: null, order: '0', payload: {}, status: 'done', attempts: 1, dueAt: null, lastAttemptAt: minuteAgo(), lastCode: null, lastError: null, createdAt: minuteAgo() },
        { id: 'cancelled-1', kind, group: null, order: '0', payload: {}, status: 'cancelled', attempts: 0, dueAt: null, lastAttemptAt: null, lastCode: null, lastError: null, createdAt: minuteAgo() },
      ]);
    } finally {
      await store.close();
    }
  });

  it('shows each kind with pending items and how long the oldest due one has waited', async () => {
    const status = await passes('work', 'status', '--json');
    expect(status.code).toBe(0);
    const row = (JSON.parse(status.stdout) as { kind: string; pending: number; lag_seconds: number }[]).find((each) => each.kind === kind);
    expect(row?.pending).toBe(1);
    expect(row?.lag_seconds).toBeGreaterThanOrEqual(59);
  });

  it('lists a kind’s items by status, and makes a dead one due again', async () => {
    const dead = await passes('work', 'list', kind, '--status', 'dead', '--json');
    expect(dead.code).toBe(0);
    expect(JSON.parse(dead.stdout)).toEqual([expect.objectContaining({ id: 'dead-1', group: 'receiver-a', status: 'dead', attempts: 8, last_code: 503 })]);

    const retried = await passes('work', 'retry', 'dead-1');
    expect(retried.code).toBe(0);
    const pending = await passes('work', 'list', kind, '--status', 'pending', '--json');
    expect((JSON.parse(pending.stdout) as { id: string; attempts: number }[]).map(({ id, attempts }) => ({ id, attempts }))).toEqual([
      { id: 'due-1', attempts: 0 },
      { id: 'dead-1', attempts: 8 },
    ]);
  });

  it('given a done or a cancelled item, when retrying it, then it refuses in one line with exit code 1 and leaves the item as it was', async () => {
    const done = await passes('work', 'retry', 'done-1');
    const cancelled = await passes('work', 'retry', 'cancelled-1');

    expect([done.code, cancelled.code]).toEqual([1, 1]);
    expect(done.stderr.trim()).toBe(`done-1 (${kind}) is done and is not retried: only a dead item is made due again`);
    expect(cancelled.stderr.trim()).toBe(`cancelled-1 (${kind}) is cancelled and is not retried: only a dead item is made due again`);
    const settled = JSON.parse((await passes('work', 'list', kind, '--json')).stdout) as { id: string; status: string }[];
    expect(settled.filter(({ id }) => id === 'done-1' || id === 'cancelled-1').map(({ id, status }) => [id, status])).toEqual(
      expect.arrayContaining([
        ['done-1', 'done'],
        ['cancelled-1', 'cancelled'],
      ]),
    );
  });

  it('given a kind the service does not know, when listing it, then it refuses with exit code 2, naming the known kinds', async () => {
    const refused = await passes('work', 'list', 'nosuch.kind');

    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')[0]).toMatch(/^Unknown kind 'nosuch\.kind': use webhook\.delivery, wallet\.notification, campaigns\.send, /);
    expect((await passes('work', 'list', 'campaigns.send')).code).toBe(0);
  });

  it('refuses an unknown status and a bad limit with exit code 2, an unknown item with 1', async () => {
    expect((await passes('work', 'list', kind, '--status', 'lost')).code).toBe(2);
    expect((await passes('work', 'list', kind, '--limit', '0')).code).toBe(2);
    const unknown = await passes('work', 'retry', 'no-such-item');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('not_found');
  });
});

describe('rewards in the audit and a rebuild', () => {
  it('audit verify finds the read model in agreement with the reward events, and a rebuild keeps the rewards', async () => {
    const shop = await registerBusiness(server, 'Reward Café');
    const milestone = await server.request<{ id: string }>('POST', `/businesses/${shop.businessId}/milestones`, {
      token: shop.token,
      body: { template_id: shop.templateId, name: 'Coffee round', metric: 'stamps', threshold: 3, reward: { title: 'A free coffee' } },
    });
    expect(milestone.status).toBe(201);
    const pass = await issuePass(server, shop);
    const base = `/businesses/${shop.businessId}/passes/${pass.id}`;
    const stamped = await server.request<PassBody>('POST', `${base}/stamp?count=7`, { token: shop.token });
    await server.request('POST', `${base}/rewards/${stamped.body.rewards[0]?.id}/redeem`, { token: shop.token });
    const before = (await server.request<PassBody>('GET', base, { token: shop.token })).body;
    expect(before.rewards.map((reward) => reward.status)).toEqual(['available', 'redeemed']);

    const audit = await passes('audit', 'verify', '--business', shop.businessId);
    expect(audit.stdout).toContain('the read model agrees with the events');
    expect(audit.code).toBe(0);
    for (const projection of ['passes', 'milestones']) expect((await passes('projections', 'rebuild', projection)).code).toBe(0);
    expect((await server.request<PassBody>('GET', base, { token: shop.token })).body).toEqual(before);
    expect((await server.request<{ status: string }>('GET', `/businesses/${shop.businessId}/milestones/${milestone.body.id}`, { token: shop.token })).body.status).toBe('active');
    expect((await passes('audit', 'verify', '--business', shop.businessId)).code).toBe(0);
  }, 60_000);
});

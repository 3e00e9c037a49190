/**
 * Free and Pro (spec: Plan limits; DESIGN §5): 402 with the flat body, counted limits, concurrent issues,
 * template creations and webhook registrations at the limit, usage, downgrades.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessUsageProjection, collections, SqliteDocumentStore } from '@passes/read-model';
import { createApiKey, issuePass, registerAccount, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';
import type { BusinessBody, PassBody, ProFeatureBody } from './testing/wire-types';

let server: TestServer;
beforeAll(async () => (server = await TestServer.start()));
afterAll(() => server.stop());

const me = async (business: Pick<TestBusiness, 'token'>) => (await server.request<BusinessBody>('GET', '/businesses/me', { token: business.token })).body;
const passesPath = (business: TestBusiness) => `/businesses/${business.businessId}/passes`;

function expectRefusal(response: { status: number; body: unknown }, feature: string, plan: string): void {
  expect(response.status).toBe(402);
  const body = response.body as ProFeatureBody;
  expect(Object.keys(body).sort()).toEqual(['error', 'feature', 'message', 'plan']);
  expect(body).toMatchObject({ error: 'pro_feature', feature, plan });
  expect(body.message.length).toBeGreaterThan(0);
}

describe('a Free business', () => {
  let business: TestBusiness;
  beforeAll(async () => (business = await registerBusiness(server)));

  it('shows its plan, limits, usage and features on /businesses/me', async () => {
    expect(await me(business)).toMatchObject({
      plan: 'free',
      limits: { templates: 1, passes: 100, webhooks: 1, reward_milestones: 1 },
      usage: { templates: 1, passes: 0, webhooks: 0, reward_milestones: 0 },
      features: { api_access: false, bulk_operations: false, automations: false, analytics_export: false, online_payments: false },
    });
  });

  it('gets 402 for a second template, naming the limit', async () => {
    const second = await server.request('POST', `/businesses/${business.businessId}/templates`, { token: business.token, body: { name: 'Second' } });
    expectRefusal(second, 'templates', 'free');
    expect((second.body as ProFeatureBody).message).toContain('1 template');
  });

  it('may create API keys, but a request made with one gets 402 api_access', async () => {
    const key = await createApiKey(server, business);
    expectRefusal(await server.request('GET', '/businesses/me', { apiKey: key.key }), 'api_access', 'free');
    const issued = await server.request('POST', passesPath(business), { apiKey: key.key, body: { template_id: business.templateId } });
    expectRefusal(issued, 'api_access', 'free');
  });

  it('registers one webhook and refuses a second with 402', async () => {
    // A business of its own: a webhook would hear the passes issued below, and each delivery starts a
    // DNS lookup of the example host that nothing can cancel, which kept Jest from exiting.
    const owner = await registerBusiness(server);
    const webhooks = `/businesses/${owner.businessId}/webhooks`;
    const first = await server.request('POST', webhooks, { token: owner.token, body: { url: 'https://hooks.example.com/one' } });
    expect(first.status).toBe(201);
    expectRefusal(await server.request('POST', webhooks, { token: owner.token, body: { url: 'https://hooks.example.com/two' } }), 'webhooks', 'free');
    expect((await me(owner)).usage.webhooks).toBe(1);
  });

  it('issues 100 passes and refuses the 101st with 402, keeping the count exact', async () => {
    for (let i = (await me(business)).usage.passes; i < 100; i++) await issuePass(server, business);
    expect((await me(business)).usage.passes).toBe(100);
    expectRefusal(await server.request('POST', passesPath(business), { token: business.token, body: { template_id: business.templateId } }), 'passes', 'free');
    expect((await me(business)).usage.passes).toBe(100);
  });
});

describe('concurrent issues at a Free business just under its limit', () => {
  const ISSUED_BEFORE = 97;
  const ROOM = 100 - ISSUED_BEFORE;
  const CONCURRENT = 40;

  /** A Free business with ISSUED_BEFORE live passes, the first of them with external_id `taken`. */
  async function nearlyFullBusiness(): Promise<TestBusiness> {
    const business = await registerBusiness(server);
    await issuePass(server, business, { external_id: 'taken' });
    for (let i = 1; i < ISSUED_BEFORE; i++) await issuePass(server, business);
    return business;
  }

  // Each with an external_id: reserving it is an append of its own between the plan check and the issue,
  // which leaves the others time to be checked before any of them is counted.
  const issueAll = (business: TestBusiness, externalIds: string[]) =>
    Promise.all(
      externalIds.map((externalId) =>
        server.request('POST', passesPath(business), { token: business.token, body: { template_id: business.templateId, external_id: externalId } }),
      ),
    );
  const distinctIds = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

  it('admits exactly the room left and refuses the rest with 402, never passing the limit', async () => {
    const business = await nearlyFullBusiness();
    const responses = await issueAll(business, distinctIds('racer', CONCURRENT));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(ROOM);
    for (const refused of responses.filter((response) => response.status !== 201)) expectRefusal(refused, 'passes', 'free');
    expect((await me(business)).usage.passes).toBe(100);
  });

  it('gives back the room of issues that fail after they were admitted', async () => {
    const business = await nearlyFullBusiness();
    const failing = await issueAll(business, Array.from({ length: CONCURRENT }, () => 'taken'));
    expect(failing.some((response) => response.status === 409)).toBe(true);
    for (const refused of failing.filter((response) => response.status !== 409)) expectRefusal(refused, 'passes', 'free');
    const afterwards = await issueAll(business, distinctIds('after-failures', ROOM));
    expect(afterwards.map((response) => response.status)).toEqual(Array.from({ length: ROOM }, () => 201));
    expect((await me(business)).usage.passes).toBe(100);
  });
});

describe('concurrent creations at a Free business with room for one more template or webhook', () => {
  const CONCURRENT = 20;

  /** Sends every body at once to the business's collection at `path`; each answers when it was admitted or refused. */
  async function createAll(business: Pick<TestBusiness, 'token'>, path: string, bodies: Record<string, unknown>[]) {
    return Promise.all(bodies.map((body) => server.request('POST', path, { token: business.token, body })));
  }

  const creations = [
    { resource: 'templates', body: (i: number) => ({ name: `Racer ${i}` }) },
    { resource: 'webhooks', body: (i: number) => ({ url: `https://hooks.example.com/racer-${i}` }) },
  ] as const;

  it.each(creations)('creates exactly one of concurrent $resource and refuses the rest with 402', async ({ resource, body }) => {
    const business = await registerAccount(server);
    const collection = `/businesses/${business.businessId}/${resource}`;
    const responses = await createAll(business, collection, Array.from({ length: CONCURRENT }, (_, i) => body(i)));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.status !== 201)) expectRefusal(refused, resource, 'free');
    expect((await me(business)).usage[resource]).toBe(1);
    expect((await server.request<{ data: unknown[] }>('GET', collection, { token: business.token })).body.data).toHaveLength(1);
  });

  it('frees the room of a webhook admitted in a race once it is deleted', async () => {
    const business = await registerAccount(server);
    const webhooks = `/businesses/${business.businessId}/webhooks`;
    const responses = await createAll(business, webhooks, Array.from({ length: CONCURRENT }, (_, i) => ({ url: `https://hooks.example.com/freed-${i}` })));
    const created = responses.find((response) => response.status === 201)?.body as { id: string };
    expect((await server.request('DELETE', `${webhooks}/${created.id}`, { token: business.token })).status).toBe(204);
    const again = await server.request('POST', webhooks, { token: business.token, body: { url: 'https://hooks.example.com/again' } });
    expect(again.status).toBe(201);
  });
});

describe('a Pro business', () => {
  let business: TestBusiness;
  beforeAll(async () => {
    business = await registerBusiness(server);
    await server.changePlan(business.businessId, 'pro');
  });

  it('shows unlimited templates and passes, 20 webhooks and every feature', async () => {
    expect(await me(business)).toMatchObject({
      plan: 'pro',
      limits: { templates: null, passes: null, webhooks: 20, reward_milestones: null },
      features: { api_access: true, bulk_operations: true, automations: true, analytics_export: true, online_payments: true },
    });
  });

  it('registers 20 webhooks and refuses the 21st with 402', async () => {
    const webhooks = `/businesses/${business.businessId}/webhooks`;
    for (let i = 0; i < 20; i++) {
      const created = await server.request('POST', webhooks, { token: business.token, body: { url: `https://hooks.example.com/${i}` } });
      expect(created.status).toBe(201);
    }
    expectRefusal(await server.request('POST', webhooks, { token: business.token, body: { url: 'https://hooks.example.com/21' } }), 'webhooks', 'pro');
  });

  it('creates more templates and works with API keys', async () => {
    const second = await server.request('POST', `/businesses/${business.businessId}/templates`, { token: business.token, body: { name: 'Second' } });
    expect(second.status).toBe(201);
    const key = await createApiKey(server, business);
    expect((await server.request('GET', '/businesses/me', { apiKey: key.key })).status).toBe(200);
    expect((await me(business)).usage.templates).toBe(2);
  });
});

describe('a downgrade from Pro to Free', () => {
  let business: TestBusiness;
  let key: { key: string };
  const kept: PassBody[] = [];
  beforeAll(async () => {
    business = await registerBusiness(server);
    await server.changePlan(business.businessId, 'pro');
    key = await createApiKey(server, business);
    await server.request('POST', `/businesses/${business.businessId}/templates`, { token: business.token, body: { name: 'Second' } });
    for (let i = 0; i < 3; i++) kept.push(await issuePass(server, business));
    await server.changePlan(business.businessId, 'free');
  });

  it('keeps existing data readable and changeable on the dashboard', async () => {
    const read = await server.request<PassBody>('GET', `${passesPath(business)}/${kept[0]!.id}`, { token: business.token });
    expect(read).toMatchObject({ status: 200, body: { id: kept[0]!.id } });
    expect((await server.request('POST', `${passesPath(business)}/${kept[0]!.id}/stamp`, { token: business.token })).status).toBe(200);
    expect((await me(business)).usage).toMatchObject({ templates: 2, passes: 3 });
  });

  it('blocks only new Pro-only actions: API requests and a third template', async () => {
    expectRefusal(await server.request('GET', `${passesPath(business)}/${kept[0]!.id}`, { apiKey: key.key }), 'api_access', 'free');
    const third = await server.request('POST', `/businesses/${business.businessId}/templates`, { token: business.token, body: { name: 'Third' } });
    expectRefusal(third, 'templates', 'free');
  });
});

describe("a business's usage, counted as passes and templates are made", () => {
  let business: TestBusiness;
  const readStore = () => SqliteDocumentStore.open(path.join(server.dataDir, 'read-models.sqlite'));
  const liveUsageGeneration = async (store: SqliteDocumentStore) =>
    (await store.collections()).find((state) => state.collection === collections.businessUsage)?.live?.generation;

  beforeAll(async () => {
    business = await registerBusiness(server);
    await server.changePlan(business.businessId, 'pro');
    await server.request('POST', `/businesses/${business.businessId}/templates`, { token: business.token, body: { name: 'Second' } });
    const voided = await issuePass(server, business);
    await issuePass(server, business);
    expect((await server.request('DELETE', `${passesPath(business)}/${voided.id}`, { token: business.token })).status).toBe(200);
    const bulk = await server.request('POST', `${passesPath(business)}/bulk`, {
      token: business.token,
      body: { passes: [{ template_id: business.templateId }, { template_id: business.templateId }, { template_id: business.templateId }] },
    });
    expect(bulk.status).toBe(200);
    const sandbox = await createApiKey(server, business, 'test');
    const issuedInSandbox = await server.request('POST', passesPath(business), { apiKey: sandbox.key, body: { template_id: business.templateId } });
    expect(issuedInSandbox.status).toBe(201);
  });

  it('counts live passes, voided ones too, bulk ones each, sandbox ones not', async () => {
    expect((await me(business)).usage).toMatchObject({ templates: 2, passes: 5 });
  });

  it('counts the same after its read model is rebuilt from the events', async () => {
    await server.halt();
    let store = readStore();
    const before = await liveUsageGeneration(store);
    const { collection, version, indexes } = businessUsageProjection;
    await store.createGeneration({ collection, version, indexes }, 'next', new Date());
    await store.close();
    await server.resume();
    store = readStore();
    try {
      for (let attempt = 0; attempt < 100 && (await liveUsageGeneration(store)) === before; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await liveUsageGeneration(store)).not.toBe(before);
    } finally {
      await store.close();
    }
    expect((await me(business)).usage).toMatchObject({ templates: 2, passes: 5 });
    await issuePass(server, business);
    expect((await me(business)).usage.passes).toBe(6);
  });
});

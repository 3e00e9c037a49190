/**
 * Sandbox (`pb_test_`) and live data never meet, and API-key scopes decide which methods a key may use
 * (DESIGN §5; docs/api.md: API keys).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApiKey, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer, type RequestOptions } from './testing/test-server';
import type { ApiKeyBody, BusinessBody, ErrorBody, PassBody, PassSummaryBody, ScanResultBody } from './testing/wire-types';

let server: TestServer;
let business: TestBusiness;
let live: { key: string };
let sandbox: { key: string };

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  live = await createApiKey(server, business, 'live');
  sandbox = await createApiKey(server, business, 'test');
});
afterAll(() => server.stop());

const passesPath = () => `/businesses/${business.businessId}/passes`;
const issue = async (credentials: RequestOptions, body: Record<string, unknown> = {}) => {
  const issued = await server.request<PassBody>('POST', passesPath(), { ...credentials, body: { template_id: business.templateId, ...body } });
  expect(issued.status).toBe(201);
  return issued.body;
};

describe('sandbox and live data', () => {
  let sandboxPass: PassBody;
  let livePass: PassBody;
  beforeAll(async () => {
    sandboxPass = await issue({ apiKey: sandbox.key }, { external_id: 'member-7', customer_email: 'sam@example.com' });
    livePass = await issue({ apiKey: live.key }, { external_id: 'member-7', customer_email: 'sam@example.com' });
  });

  it('lets live and sandbox passes share an external_id', () => {
    expect(sandboxPass.id).not.toBe(livePass.id);
  });

  it.each([
    ['id', (pass: PassBody) => pass.id],
    ['serial_number', (pass: PassBody) => pass.serial_number],
    ['external_id', () => 'member-7'],
  ])('finds each pass by %s only in its own mode', async (_kind, identifierOf) => {
    const bySandbox = await server.request<PassBody>('GET', `${passesPath()}/${identifierOf(sandboxPass)}`, { apiKey: sandbox.key });
    expect(bySandbox.body.id).toBe(sandboxPass.id);
    const byLive = await server.request<PassBody>('GET', `${passesPath()}/${identifierOf(livePass)}`, { apiKey: live.key });
    expect(byLive.body.id).toBe(livePass.id);
  });

  it('answers 404 for a pass of the other mode, to keys and to the dashboard', async () => {
    expect((await server.request('GET', `${passesPath()}/${sandboxPass.id}`, { apiKey: live.key })).status).toBe(404);
    expect((await server.request('GET', `${passesPath()}/${sandboxPass.serial_number}`, { token: business.token })).status).toBe(404);
    expect((await server.request('GET', `${passesPath()}/${livePass.id}`, { apiKey: sandbox.key })).status).toBe(404);
    expect((await server.request('POST', `${passesPath()}/${livePass.id}/stamp`, { apiKey: sandbox.key })).status).toBe(404);
    expect((await server.request('DELETE', `${passesPath()}/${sandboxPass.id}`, { token: business.token })).status).toBe(404);
  });

  it('keeps lookups apart', async () => {
    const liveByEmail = await server.request<PassSummaryBody[]>('GET', `${passesPath()}/lookup/email/sam@example.com`, { apiKey: live.key });
    expect(liveByEmail.body.map((pass) => pass.id)).toEqual([livePass.id]);
    const sandboxByEmail = await server.request<PassSummaryBody[]>('GET', `${passesPath()}/lookup/email/sam@example.com`, { apiKey: sandbox.key });
    expect(sandboxByEmail.body.map((pass) => pass.id)).toEqual([sandboxPass.id]);
    const sandboxByExternal = await server.request<PassSummaryBody>('GET', `${passesPath()}/lookup/external/member-7`, { apiKey: sandbox.key });
    expect(sandboxByExternal.body.id).toBe(sandboxPass.id);
  });

  it('refuses a duplicate external_id within one mode', async () => {
    const duplicate = await server.request('POST', passesPath(), { apiKey: sandbox.key, body: { template_id: business.templateId, external_id: 'member-7' } });
    expect(duplicate.status).toBe(409);
  });

  it('scans a shared barcode_data within the scanner’s mode only', async () => {
    const livePassWithData = await issue({ apiKey: live.key }, { barcode_data: 'TILL-0042' });
    await issue({ apiKey: sandbox.key }, { barcode_data: 'TILL-0042' });
    await issue({ apiKey: sandbox.key }, { barcode_data: 'TILL-0042' });
    const scan = (apiKey: string) =>
      server.request<ScanResultBody>('POST', `/businesses/${business.businessId}/scans`, { apiKey, body: { code: 'TILL-0042', mode: 'verify' } });
    expect((await scan(live.key)).body).toMatchObject({ valid: true, pass: { id: livePassWithData.id } });
    expect((await scan(sandbox.key)).body).toMatchObject({ valid: false, reason: 'ambiguous_barcode', pass: null });
  });

  it('does not count sandbox passes toward the plan', async () => {
    const before = (await server.request<BusinessBody>('GET', '/businesses/me', { token: business.token })).body.usage.passes;
    await issue({ apiKey: sandbox.key });
    expect((await server.request<BusinessBody>('GET', '/businesses/me', { token: business.token })).body.usage.passes).toBe(before);
  });
});

describe('API key scopes', () => {
  let readOnly: { key: string };
  let pass: PassBody;
  beforeAll(async () => {
    readOnly = await createApiKey(server, business, 'live', ['read']);
    pass = await issue({ apiKey: live.key });
  });

  it('shows each key’s scopes when listed', async () => {
    const listed = await server.request<{ data: ApiKeyBody[] }>('GET', `/businesses/${business.businessId}/api-keys`, { token: business.token });
    expect(listed.body.data.map((key) => key.scopes)).toEqual(expect.arrayContaining([['read'], ['read', 'write']]));
  });

  it('lets a read-only key read', async () => {
    expect((await server.request('GET', `${passesPath()}/${pass.id}`, { apiKey: readOnly.key })).status).toBe(200);
    expect((await server.request('GET', `${passesPath()}/lookup/external/none`, { apiKey: readOnly.key })).status).toBe(404);
    expect((await server.request('GET', '/businesses/me', { apiKey: readOnly.key })).status).toBe(200);
  });

  it.each([
    ['POST', () => passesPath(), { template_id: 'x' }],
    ['PATCH', () => `${passesPath()}/${pass.id}`, { customer_name: 'Mallory' }],
    ['POST', () => `${passesPath()}/${pass.id}/stamp`, undefined],
    ['POST', () => `${passesPath()}/${pass.id}/redeem`, undefined],
    ['DELETE', () => `${passesPath()}/${pass.id}`, undefined],
    ['POST', () => `/businesses/${business.businessId}/templates`, { name: 'Sneaky' }],
  ])('refuses a read-only key with 403 forbidden: %s %s', async (method, path, body) => {
    const refused = await server.request<ErrorBody>(method, path(), { apiKey: readOnly.key, body });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(refused.body.error.message).toContain("'write' scope");
  });

  it('changed nothing on those refusals', async () => {
    const read = await server.request<PassBody>('GET', `${passesPath()}/${pass.id}`, { apiKey: readOnly.key });
    expect(read.body).toMatchObject({ status: 'active', stamps: 0, customer_name: null });
  });

  it.each([
    ['no scopes', []],
    ['an unknown scope', ['admin']],
    ['a repeated scope', ['read', 'read']],
  ])('refuses a key with %s (422)', async (_case, scopes) => {
    const created = await server.request<ErrorBody>('POST', `/businesses/${business.businessId}/api-keys`, {
      token: business.token,
      body: { name: 'Bad', scopes },
    });
    expect(created.status).toBe(422);
    expect(created.body.error.details?.[0]?.path).toMatch(/^scopes/);
  });
});

/**
 * The sandbox rule over every business route: a `pb_test_` key works on sandbox passes only (a live pass
 * is 404 to it), may read templates but not change them (live passes use them), and cannot reach
 * webhooks or deliveries at all (they carry live events).
 */
describe('sandbox keys on every business route', () => {
  type Expectation = 'sandbox data' | 'not found' | 'refused';
  type Route = readonly [method: string, path: () => string, expectation: Expectation, body?: () => unknown];

  let livePass: PassBody;
  let webhookId: string;
  const business_ = () => `/businesses/${business.businessId}`;
  beforeAll(async () => {
    livePass = await issue({ apiKey: live.key }, { customer_name: 'Live Lee', external_id: 'live-only', customer_email: 'live@example.com' });
    const webhook = await server.request<{ id: string }>('POST', `${business_()}/webhooks`, { token: business.token, body: { url: 'https://hooks.example.com/live' } });
    expect(webhook.status).toBe(201);
    webhookId = webhook.body.id;
  });

  const ROUTES: readonly Route[] = [
    ['GET', () => '/businesses/me', 'sandbox data'],
    ['GET', () => `${business_()}/templates`, 'sandbox data'],
    ['GET', () => `${business_()}/templates/${business.templateId}`, 'sandbox data'],
    ['POST', () => `${business_()}/templates`, 'refused', () => ({ name: 'Sandbox template' })],
    ['PATCH', () => `${business_()}/templates/${business.templateId}`, 'refused', () => ({ name: 'Renamed from the sandbox' })],
    ['POST', () => `${business_()}/passes`, 'sandbox data', () => ({ template_id: business.templateId })],
    ['POST', () => `${business_()}/passes/bulk`, 'sandbox data', () => ({ passes: [{ template_id: business.templateId }] })],
    ['PATCH', () => `${business_()}/passes/bulk`, 'sandbox data', () => ({ passes: [{ identifier: 'live-only', customer_name: 'Mallory' }] })],
    ['POST', () => `${business_()}/scans`, 'sandbox data', () => ({ code: livePass.serial_number, mode: 'checkin' })],
    ['GET', () => `${business_()}/passes/${livePass.id}`, 'not found'],
    ['PATCH', () => `${business_()}/passes/${livePass.id}`, 'not found', () => ({ customer_name: 'Mallory' })],
    ['DELETE', () => `${business_()}/passes/${livePass.id}`, 'not found'],
    ['GET', () => `${business_()}/passes/${livePass.id}/events`, 'not found'],
    ['GET', () => `${business_()}/passes/lookup/external/live-only`, 'not found'],
    ...['stamp', 'points?points=1', 'charge?amount=1', 'topup?amount=1', 'checkin', 'redeem', 'reactivate'].map(
      (action) => ['POST', () => `${business_()}/passes/${livePass.id}/${action}`, 'not found'] as const,
    ),
    ['POST', () => `${business_()}/webhooks`, 'refused', () => ({ url: 'https://hooks.example.com/sandbox' })],
    ['GET', () => `${business_()}/webhooks`, 'refused'],
    ['GET', () => `${business_()}/webhooks/${webhookId}`, 'refused'],
    ['GET', () => `${business_()}/webhooks/${webhookId}/deliveries`, 'refused'],
    ['POST', () => `${business_()}/webhooks/${webhookId}/deliveries/some-delivery/retry`, 'refused'],
    ['DELETE', () => `${business_()}/webhooks/${webhookId}`, 'refused'],
    ['POST', () => `${business_()}/payments/account`, 'refused'],
    ['PATCH', () => `${business_()}/payments/account`, 'refused', () => ({ top_up_amounts: [5, 10] })],
  ];

  const cases = ROUTES.map(([method, path, expectation, body]) => ({ method, route: String(path).replace(/^\(\)\s*=>\s*/, '').replace('${business_()}', '/businesses/{id}'), path, expectation, body }));

  it.each(cases)('$method $route: $expectation', async ({ method, path, expectation, body }) => {
    const response = await server.request<ErrorBody>(method, path(), { apiKey: sandbox.key, body: body?.() });

    switch (expectation) {
      case 'refused':
        expect(response.status).toBe(403);
        expect(response.body.error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('sandbox key') });
        break;
      case 'not found':
        expect(response.status).toBe(404);
        break;
      case 'sandbox data':
        expect(response.status).toBeLessThan(300);
        break;
    }
  });

  it('left the live objects as they were', async () => {
    const template = await server.request<{ name: string }>('GET', `${business_()}/templates/${business.templateId}`, { token: business.token });
    const webhooks = await server.request<{ data: { id: string }[] }>('GET', `${business_()}/webhooks`, { token: business.token });
    const pass = await server.request<PassBody>('GET', `${passesPath()}/${livePass.id}`, { apiKey: live.key });

    expect(template.body.name).toBe('Coffee card');
    expect(webhooks.body.data.map((webhook) => webhook.id)).toEqual([webhookId]);
    expect(pass.body).toMatchObject({ customer_name: 'Live Lee', status: 'active', stamps: 0, points: 0 });
  });
});

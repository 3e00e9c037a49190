/**
 * The field rules every body shares, over real HTTP: money is refused rather than rounded, text follows
 * one rule in every field, and points and stamps stay within the bounds docs/api.md gives.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';
import type { BulkResultBody, ErrorBody, PassBody } from '../testing/wire-types';

let server: TestServer;
let business: TestBusiness;

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());

const passes = () => `/businesses/${business.businessId}/passes`;
const issue = (body: Record<string, unknown>) =>
  server.request<PassBody & ErrorBody>('POST', passes(), { token: business.token, body: { template_id: business.templateId, ...body } });
const patch = (id: string, body: Record<string, unknown>) => server.request<PassBody & ErrorBody>('PATCH', `${passes()}/${id}`, { token: business.token, body });

function expectRefused(response: { status: number; body: ErrorBody }, path: string, message?: string): void {
  expect(response.status).toBe(422);
  expect(response.body.error.code).toBe('validation_error');
  expect(response.body.error.details).toEqual([{ path, message: message ?? expect.any(String) }]);
}

describe('money in JSON bodies', () => {
  it.each([1e-9, 0.30000000000000004, 12.345])('refuses an initial_balance of %p instead of rounding it', async (amount) => {
    expectRefused(await issue({ initial_balance: amount }), 'initial_balance', 'must have at most 2 decimals');
  });

  it('refuses a PATCH balance of 1e-9 and keeps the balance', async () => {
    const pass = await issuePass(server, business, { initial_balance: 10 });

    expectRefused(await patch(pass.id, { balance: 1e-9 }), 'balance', 'must have at most 2 decimals');
    expect((await server.request<PassBody>('GET', `${passes()}/${pass.id}`, { token: business.token })).body.balance).toBe(10);
  });

  it('refuses the same in a bulk item', async () => {
    const response = await server.request<{ results: { status: string; error?: ErrorBody['error'] }[] }>('POST', `${passes()}/bulk`, {
      token: business.token,
      body: { passes: [{ template_id: business.templateId, initial_balance: 0.30000000000000004 }] },
    });

    expect(response.status).toBe(200);
    expect(response.body.results[0]).toMatchObject({ status: 'error', error: { code: 'validation_error', details: [{ path: 'initial_balance' }] } });
  });

  it.each(['99999999.999999999', '1.0000000000000001', '0.0000000000000000001', '1e400'])(
    'refuses an initial_balance written %s, which a double would read as another number, and issues nothing',
    async (written) => {
      const externalId = `inexact-${written}`;
      const rawBody = `{"template_id": "${business.templateId}", "external_id": "${externalId}", "initial_balance": ${written}}`;

      expectRefused(await server.request<ErrorBody>('POST', passes(), { token: business.token, rawBody }), 'initial_balance');
      expect((await server.request('GET', `${passes()}/lookup/external/${externalId}`, { token: business.token })).status).toBe(404);
    },
  );

  it('refuses a PATCH balance a double would round, and a bulk body holding one, naming its path', async () => {
    const pass = await issuePass(server, business, { initial_balance: 10 });

    const patched = await server.request<ErrorBody>('PATCH', `${passes()}/${pass.id}`, { token: business.token, rawBody: '{"balance": 10.0000000000000001}' });
    const bulkIssue = await server.request<ErrorBody>('POST', `${passes()}/bulk`, {
      token: business.token,
      rawBody: `{"passes": [{"template_id": "${business.templateId}"}, {"template_id": "${business.templateId}", "initial_balance": 99999999.999999999}]}`,
    });
    const bulkUpdate = await server.request<ErrorBody>('PATCH', `${passes()}/bulk`, {
      token: business.token,
      rawBody: `{"passes": [{"identifier": "${pass.id}", "balance": 1.0000000000000001}]}`,
    });

    expectRefused(patched, 'balance');
    expectRefused(bulkIssue, 'passes.1.initial_balance');
    expectRefused(bulkUpdate, 'passes.0.balance');
    expect((await server.request<PassBody>('GET', `${passes()}/${pass.id}`, { token: business.token })).body.balance).toBe(10);
  });

  it('still accepts two decimals', async () => {
    const response = await issue({ initial_balance: 0.3 });

    expect(response.status).toBe(201);
    expect(response.body.balance).toBe(0.3);
  });
});

describe('text fields', () => {
  it.each([
    ['external_id', 'member\u202E1815'],
    ['external_id', 'member\u200B1815'],
    ['external_id', 'member\uD800'],
    ['customer_name', 'Ada\u202ELovelace'],
    ['customer_name', 'Ada\u0000'],
    ['barcode_data', 'CODE\u0000123'],
    ['nfc_data', 'tap\u0007'],
  ])('refuses %s %j with 422 naming the field', async (field, value) => {
    expectRefused(await issue({ [field]: value }), field);
  });

  it('refuses control characters in metadata keys and values', async () => {
    expectRefused(await issue({ metadata: { 'seat\u0000': '4A' } }), 'metadata.seat\u0000');
    expectRefused(await issue({ metadata: { seat: '4A\u0000' } }), 'metadata.seat');
  });

  it('refuses a lone surrogate escaped in the JSON text', async () => {
    const rawBody = `{"template_id": "${business.templateId}", "external_id": "member-\\ud800"}`;

    const response = await server.request<ErrorBody>('POST', passes(), { token: business.token, rawBody });

    expectRefused(response, 'external_id', 'must not contain unpaired surrogates');
  });

  it('refuses control characters in a PATCH', async () => {
    const pass = await issuePass(server, business);

    expectRefused(await patch(pass.id, { external_id: 'x\u2066y' }), 'external_id');
  });

  it('refuses control characters in a template nfc_message and a webhook description', async () => {
    const template = await server.request<ErrorBody>('PATCH', `/businesses/${business.businessId}/templates/${business.templateId}`, {
      token: business.token,
      body: { nfc_message: 'hello\u0000' },
    });
    const webhook = await server.request<ErrorBody>('POST', `/businesses/${business.businessId}/webhooks`, {
      token: business.token,
      body: { url: 'https://hooks.invalid/passes', description: 'ours\u001B[31m' },
    });

    expectRefused(template, 'nfc_message');
    expectRefused(webhook, 'description');
  });

  it.each([
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
  ])('refuses %s in metadata values, on issue, update and both bulk routes, and in display field values', async (_what, separator) => {
    const pass = await issuePass(server, business, { external_id: `separators-${separator.charCodeAt(0)}` });
    const bulk = (method: 'POST' | 'PATCH', item: Record<string, unknown>) =>
      server.request<BulkResultBody>(method, `${passes()}/bulk`, { token: business.token, body: { passes: [item] } });
    const refusedItem = { index: 0, status: 'error', error: { code: 'validation_error', message: 'Item failed validation', details: [{ path: 'metadata.note', message: 'must not contain line or paragraph separators' }] } };

    expectRefused(await issue({ metadata: { note: `one${separator}two` } }), 'metadata.note', 'must not contain line or paragraph separators');
    expectRefused(await patch(pass.id, { metadata: { note: `one${separator}two` } }), 'metadata.note', 'must not contain line or paragraph separators');
    expect((await bulk('POST', { template_id: business.templateId, metadata: { note: `one${separator}two` } })).body.results).toEqual([refusedItem]);
    expect((await bulk('PATCH', { identifier: pass.id, metadata: { note: `one${separator}two` } })).body.results).toEqual([refusedItem]);
    const template = await server.request<ErrorBody>('PATCH', `/businesses/${business.businessId}/templates/${business.templateId}`, {
      token: business.token,
      body: { display_fields: { back: [{ key: 'terms', label: 'Terms', value: `one${separator}two` }] } },
    });
    expectRefused(template, 'display_fields.back.0.value', 'must not contain line or paragraph separators');
  });

  it('keeps accepting ordinary text, emoji sequences and line ends where a field allows them', async () => {
    const response = await issue({ customer_name: 'Zoë 👩‍💻', external_id: 'member-東京', metadata: { note: 'first line\nsecond line' } });

    expect(response.status).toBe(201);
  });
});

describe('points and stamps bounds', () => {
  it('refuses points that would go beyond 1,000,000,000, naming the bound', async () => {
    const pass = await issuePass(server, business, { points: 1_000_000_000 });

    const response = await server.request<ErrorBody>('POST', `${passes()}/${pass.id}/points?points=1000000`, { token: business.token });

    expectRefused(response, 'points', 'would take the points of 1000000000 above the maximum of 1000000000');
  });

  it('names the bound on a PATCH beyond it', async () => {
    const pass = await issuePass(server, business);

    expectRefused(await patch(pass.id, { points: 1_000_000_001 }), 'points', 'must be at most 1000000000');
    expectRefused(await patch(pass.id, { stamps: 1_000_001 }), 'stamps', 'must be at most 1000000');
  });
});

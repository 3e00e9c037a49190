/**
 * Idempotency-Key on POST and PATCH (spec: Limits; DESIGN §5): a retry gets the original answer and
 * executes nothing again; the key is bound to one request and one credential, for 24 hours, across restarts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createApiKey, issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { ManualClock } from './testing/manual-clock';
import { TestServer, type HttpResponse, type RequestOptions } from './testing/test-server';
import type { ApiKeyBody, ErrorBody, HistoryBody, PassBody } from './testing/wire-types';

let server: TestServer;
let clock: ManualClock;
let business: TestBusiness;

beforeAll(async () => {
  clock = new ManualClock();
  server = await TestServer.start(clock);
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

const passesPath = () => `/businesses/${business.businessId}/passes`;
const withKey = (key: string, options: RequestOptions = {}): RequestOptions => ({
  token: business.token,
  ...options,
  headers: { 'idempotency-key': key, ...options.headers },
});
const history = async (passId: string) =>
  (await server.request<HistoryBody>('GET', `${passesPath()}/${passId}/events`, { token: business.token })).body.data.map((event) => event.type);
const replayed = (response: HttpResponse) => response.headers.get('idempotent-replayed');

describe('a retried request', () => {
  it('returns the original status and body with Idempotent-Replayed, and issues one pass', async () => {
    const key = randomUUID();
    const body = { template_id: business.templateId, external_id: `idem-${key}` };
    const first = await server.request<PassBody>('POST', passesPath(), withKey(key, { body }));
    const second = await server.request<PassBody>('POST', passesPath(), withKey(key, { body }));
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    expect(second).toMatchObject({ status: 201, body: first.body });
    expect(replayed(second)).toBe('true');
    const lookup = await server.request('GET', `${passesPath()}/lookup/external/idem-${key}`, { token: business.token });
    expect(lookup).toMatchObject({ status: 200, body: { id: first.body.id } });
  });

  it('records no second event for an action', async () => {
    const pass = await issuePass(server, business);
    const key = randomUUID();
    const first = await server.request<PassBody>('POST', `${passesPath()}/${pass.id}/stamp?count=2`, withKey(key));
    const second = await server.request<PassBody>('POST', `${passesPath()}/${pass.id}/stamp?count=2`, withKey(key));
    expect(first.body.stamps).toBe(2);
    expect(second.body).toEqual(first.body);
    expect(await history(pass.id)).toEqual(['PassIssued', 'PassStamped']);
  });

  it('replays a refusal as it was', async () => {
    const key = randomUUID();
    const first = await server.request<ErrorBody>('POST', passesPath(), withKey(key, { body: { template_id: 42 } }));
    const second = await server.request<ErrorBody>('POST', passesPath(), withKey(key, { body: { template_id: 42 } }));
    expect(first.status).toBe(422);
    expect(second).toMatchObject({ status: 422, body: first.body });
    expect(replayed(second)).toBe('true');
  });

  it('works on PATCH', async () => {
    const pass = await issuePass(server, business);
    const key = randomUUID();
    const first = await server.request<PassBody>('PATCH', `${passesPath()}/${pass.id}`, withKey(key, { body: { customer_name: 'Grace' } }));
    const second = await server.request<PassBody>('PATCH', `${passesPath()}/${pass.id}`, withKey(key, { body: { customer_name: 'Grace' } }));
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect(await history(pass.id)).toEqual(['PassIssued', 'PassUpdated']);
  });

  it('never executes twice when retries race the first request', async () => {
    const pass = await issuePass(server, business);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => server.request<PassBody>('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key))),
    );
    expect(responses.filter((response) => response.status === 200 && replayed(response) === null)).toHaveLength(1);
    for (const response of responses) expect([200, 409]).toContain(response.status);
    const stillRunning = responses.filter((response) => response.status === 409);
    expect(stillRunning.length).toBeGreaterThan(0);
    for (const response of stillRunning) expect(response.headers.get('retry-after')).toBe('1');
    expect(await history(pass.id)).toEqual(['PassIssued', 'PassStamped']);
  });
});

describe('a request refused for the state of other records (409)', () => {
  it('runs again under the same key once an external_id is no longer taken', async () => {
    const holder = await issuePass(server, business, { external_id: `taken-${randomUUID()}` });
    const key = randomUUID();
    const body = { template_id: business.templateId, external_id: holder.external_id };
    const refused = await server.request<ErrorBody>('POST', passesPath(), withKey(key, { body }));
    expect(refused.body.error).toMatchObject({ status: 409, code: 'conflict' });
    await server.request('PATCH', `${passesPath()}/${holder.id}`, { token: business.token, body: { external_id: `moved-${randomUUID()}` } });

    const retried = await server.request<PassBody>('POST', passesPath(), withKey(key, { body }));
    expect(retried.status).toBe(201);
    expect(replayed(retried)).toBeNull();
    expect(retried.body.external_id).toBe(holder.external_id);
    const replay = await server.request<PassBody>('POST', passesPath(), withKey(key, { body }));
    expect(replay).toMatchObject({ status: 201, body: retried.body });
    expect(replayed(replay)).toBe('true');
  });

  it('runs again under the same key once the pass is in a state that allows the move', async () => {
    const pass = await issuePass(server, business);
    await server.request('DELETE', `${passesPath()}/${pass.id}`, { token: business.token });
    const key = randomUUID();
    const refused = await server.request<ErrorBody>('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));
    expect(refused.body.error).toMatchObject({ status: 409, code: 'invalid_state' });
    await server.request('POST', `${passesPath()}/${pass.id}/reactivate`, { token: business.token });

    const retried = await server.request<PassBody>('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));
    expect(retried).toMatchObject({ status: 200, body: { stamps: 1 } });
    expect(replayed(retried)).toBeNull();
    expect(await history(pass.id)).toEqual(['PassIssued', 'PassVoided', 'PassReactivated', 'PassStamped']);
  });
});

describe('a key reused for a different request', () => {
  it.each([
    ['a different body', 'POST', (passId: string) => `${passId}/points?points=5`, { body: { note: 'x' } }],
    ['a different path', 'POST', (passId: string) => `${passId}/points?points=6`, {}],
    ['a different method', 'PATCH', (passId: string) => passId, { body: { points: 5 } }],
  ])('is refused with 422 idempotency_mismatch: %s', async (_case, method, path, options) => {
    const pass = await issuePass(server, business);
    const key = randomUUID();
    expect((await server.request('POST', `${passesPath()}/${pass.id}/points?points=5`, withKey(key))).status).toBe(200);
    const reused = await server.request<ErrorBody>(method, `${passesPath()}/${path(pass.id)}`, withKey(key, options));
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({ code: 'idempotency_mismatch', status: 422 });
    expect(await history(pass.id)).toEqual(['PassIssued', 'PointsAdjusted']);
  });
});

describe('the key itself', () => {
  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with spaces', 'my key'],
  ])('is refused with 400 when %s', async (_case, key) => {
    const response = await server.request<ErrorBody>('POST', passesPath(), withKey(key, { body: { template_id: business.templateId } }));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request');
  });

  it('is ignored on GET', async () => {
    const pass = await issuePass(server, business);
    const key = randomUUID();
    await server.request('GET', `${passesPath()}/${pass.id}`, withKey(key));
    const post = await server.request('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));
    expect(post.status).toBe(200);
    expect(replayed(post)).toBeNull();
  });

  it('never replays a secret: a retried API key creation answers without the key', async () => {
    const key = randomUUID();
    const path = `/businesses/${business.businessId}/api-keys`;
    const first = await server.request<ApiKeyBody>('POST', path, withKey(key, { body: { name: 'Till' } }));
    const second = await server.request<ApiKeyBody>('POST', path, withKey(key, { body: { name: 'Till' } }));
    expect(first.body.key).toMatch(/^pb_live_/);
    expect(second.status).toBe(201);
    expect(replayed(second)).toBe('true');
    const { key: _secret, ...withoutSecret } = first.body;
    expect(second.body).toEqual(withoutSecret);
  });
});

describe('scope and lifetime', () => {
  it('keeps keys of different credentials apart', async () => {
    await server.changePlan(business.businessId, 'pro');
    const apiKey = await createApiKey(server, business);
    const key = randomUUID();
    const byToken = await server.request<PassBody>('POST', passesPath(), withKey(key, { body: { template_id: business.templateId } }));
    const byApiKey = await server.request<PassBody>('POST', passesPath(), {
      apiKey: apiKey.key,
      headers: { 'idempotency-key': key },
      body: { template_id: business.templateId },
    });
    expect(byApiKey.status).toBe(201);
    expect(replayed(byApiKey)).toBeNull();
    expect(byApiKey.body.id).not.toBe(byToken.body.id);
  });

  it('survives a restart', async () => {
    const key = randomUUID();
    const first = await server.request<PassBody>('POST', passesPath(), withKey(key, { body: { template_id: business.templateId } }));
    await server.restart();
    const second = await server.request<PassBody>('POST', passesPath(), withKey(key, { body: { template_id: business.templateId } }));
    expect(second).toMatchObject({ status: 201, body: first.body });
    expect(replayed(second)).toBe('true');
  });

  it('expires after 24 hours', async () => {
    // A dashboard login lasts an hour; an API key outlives the day.
    const apiKey = await createApiKey(server, business);
    const request = { apiKey: apiKey.key, headers: { 'idempotency-key': randomUUID() }, body: { template_id: business.templateId } };
    const first = await server.request<PassBody>('POST', passesPath(), request);
    clock.advance(24 * 3_600_000 - 1);
    expect(replayed(await server.request('POST', passesPath(), request))).toBe('true');
    clock.advance(1);
    const later = await server.request<PassBody>('POST', passesPath(), request);
    expect(later.status).toBe(201);
    expect(replayed(later)).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
  });
});

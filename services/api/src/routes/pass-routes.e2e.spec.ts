/** Spec endpoints 1, 3, 4, 12, 14, 15 and the history, over real HTTP against the embedded stack. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => ({ server, business, other } = await startWithTwoBusinesses()));
afterAll(() => server.stop());

const passes = (b: TestBusiness = business) => `/businesses/${b.businessId}/passes`;

describe('POST /businesses/{id}/passes (issue)', () => {
  it('issues an active pass with the spec fields and answers 201', async () => {
    const response = await server.request<PassBody>('POST', passes(), {
      token: business.token,
      body: {
        template_id: business.templateId,
        customer_name: 'Ada Lovelace',
        customer_email: 'Ada@Example.com',
        external_id: 'crm-1',
        initial_balance: 12.5,
        points: 10,
        metadata: { tier: 'gold' },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      template_id: business.templateId,
      customer_name: 'Ada Lovelace',
      customer_email: 'Ada@Example.com',
      external_id: 'crm-1',
      status: 'active',
      points: 10,
      balance: 12.5,
      stamps: 0,
      metadata: { tier: 'gold' },
      created_at: '2026-11-21T10:00:00.000Z',
    });
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.serial_number).toMatch(/^PS-/);
    // The link holds a secret the barcode does not (docs/wallets.md); no wallet is configured here.
    expect(response.body.download_url).toMatch(new RegExp(`^https://passes\\.test/passes/${response.body.serial_number}/[A-Za-z0-9_-]{43}$`));
    expect(response.body).toMatchObject({ apple_wallet_url: null, google_wallet_url: null });
  });

  it('defaults points and stamps to 0 and balance to null', async () => {
    const pass = await issuePass(server, business);
    expect(pass).toMatchObject({ points: 0, stamps: 0, balance: null, customer_name: null, external_id: null, metadata: {} });
  });

  it('refuses a body that fails validation with 422 and a detail per field', async () => {
    const response = await server.request<ErrorBody>('POST', passes(), {
      token: business.token,
      body: { template_id: business.templateId, customer_email: 'not-an-email', points: -1, colour: 'red', initial_balance: 1.234 },
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', status: 422 });
    const paths = (response.body.error.details ?? []).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['customer_email', 'points', 'initial_balance', '']));
  });

  it('requires template_id (422) and a template of this business (422)', async () => {
    const missing = await server.request<ErrorBody>('POST', passes(), { token: business.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details?.[0]?.path).toBe('template_id');
    const foreign = await server.request<ErrorBody>('POST', passes(), { token: business.token, body: { template_id: other.templateId } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.details?.[0]?.path).toBe('template_id');
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const response = await server.request<ErrorBody>('POST', passes(), { token: business.token, rawBody: '{"template_id": ' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request');
  });

  it('refuses a duplicate external_id with 409 conflict', async () => {
    await issuePass(server, business, { external_id: 'dup-1' });
    const response = await server.request<ErrorBody>('POST', passes(), { token: business.token, body: { template_id: business.templateId, external_id: 'dup-1' } });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('conflict');
  });

  it('lets two businesses use the same external_id', async () => {
    const otherTemplate = other.templateId;
    await issuePass(server, business, { external_id: 'shared-1' });
    const response = await server.request('POST', passes(other), { token: other.token, body: { template_id: otherTemplate, external_id: 'shared-1' } });
    expect(response.status).toBe(201);
  });

  it('answers 401 without credentials and 403 for another business', async () => {
    expect((await server.request('POST', passes(), { body: { template_id: business.templateId } })).status).toBe(401);
    const forbidden = await server.request<ErrorBody>('POST', passes(other), { token: business.token, body: { template_id: other.templateId } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
  });
});

describe('GET /businesses/{id}/passes/{identifier}', () => {
  it('finds a pass by id, by serial_number and by external_id', async () => {
    const pass = await issuePass(server, business, { external_id: 'get-me', metadata: { a: 1 } });
    for (const identifier of [pass.id, pass.serial_number, 'get-me']) {
      const response = await server.request<PassBody>('GET', `${passes()}/${encodeURIComponent(identifier)}`, { token: business.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: pass.id, metadata: { a: 1 }, updated_at: pass.created_at });
    }
  });

  it('finds an external_id shaped like a UUID', async () => {
    const pass = await issuePass(server, business, { external_id: '8c1f3f55-5a4c-4d3e-9d2b-111111111111' });
    const response = await server.request<PassBody>('GET', `${passes()}/8c1f3f55-5a4c-4d3e-9d2b-111111111111`, { token: business.token });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(pass.id);
  });

  it('answers 400 bad_request to an identifier with a malformed percent-encoding', async () => {
    const response = await server.request<ErrorBody>('GET', `${passes()}/%E0%A4%A`, { token: business.token });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request');
  });

  it('answers 404 for an unknown pass and for another business’s pass', async () => {
    const foreign = await issuePass(server, other);
    expect((await server.request('GET', `${passes()}/nope`, { token: business.token })).status).toBe(404);
    const response = await server.request<ErrorBody>('GET', `${passes()}/${foreign.id}`, { token: business.token });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('answers 401 without credentials and 403 for another business', async () => {
    const pass = await issuePass(server, business);
    expect((await server.request('GET', `${passes()}/${pass.id}`)).status).toBe(401);
    expect((await server.request('GET', `${passes()}/${pass.id}`, { token: other.token })).status).toBe(403);
  });
});

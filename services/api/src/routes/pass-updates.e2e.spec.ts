/** PATCH (spec 4), the lookups (14, 15) and external_id uniqueness, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { SqliteEventStore } from '@passes/event-store';
import { issuePass, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody, PassSummaryBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => ({ server, business, other } = await startWithTwoBusinesses()));
afterAll(() => server.stop());

const passPath = (identifier: string, b: TestBusiness = business) => `/businesses/${b.businessId}/passes/${encodeURIComponent(identifier)}`;
const patch = (identifier: string, body: unknown, b: TestBusiness = business) =>
  server.request<PassBody & ErrorBody>('PATCH', passPath(identifier, b), { token: b.token, body });

describe('PATCH /businesses/{id}/passes/{identifier}', () => {
  it('changes only the supplied fields and merges metadata (null removes a key)', async () => {
    const pass = await issuePass(server, business, { customer_name: 'Ada', points: 5, metadata: { tier: 'gold', seat: '4A' } });
    server.clock.advance(1000);
    const response = await patch(pass.id, { customer_email: 'ada@example.com', balance: 20.05, stamps: 3, metadata: { seat: null, level: 2 } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      points: 5,
      balance: 20.05,
      stamps: 3,
      metadata: { tier: 'gold', level: 2 },
      updated_at: '2026-11-21T10:00:01.000Z',
    });
    expect(response.body.metadata).not.toHaveProperty('seat');
  });

  it('sets barcode_data and restores the template default with null', async () => {
    const pass = await issuePass(server, business, { barcode_data: 'ABC-123' });
    expect((await patch(pass.id, { barcode_data: 'XYZ' })).body.barcode_data).toBe('XYZ');
    expect((await patch(pass.id, { barcode_data: null })).body.barcode_data).toBeNull();
  });

  it('works through the serial_number and the external_id too', async () => {
    const pass = await issuePass(server, business, { external_id: 'patch-by-ext' });
    expect((await patch(pass.serial_number, { points: 1 })).body.points).toBe(1);
    expect((await patch('patch-by-ext', { points: 2 })).body.points).toBe(2);
  });

  it('refuses an invalid body with 422 and malformed JSON with 400', async () => {
    const pass = await issuePass(server, business);
    const invalid = await patch(pass.id, { points: 1.5, stamps: -1, status: 'voided' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(['points', 'stamps', '']));
    const malformed = await server.request<ErrorBody>('PATCH', passPath(pass.id), { token: business.token, rawBody: 'nope' });
    expect(malformed.status).toBe(400);
  });

  it('refuses to change a voided pass with 409 invalid_state', async () => {
    const pass = await issuePass(server, business);
    await server.request('DELETE', passPath(pass.id), { token: business.token });
    const response = await patch(pass.id, { points: 3 });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('invalid_state');
    expect(response.body.error.message).toContain('voided');
  });

  it('answers 404 for an unknown pass, 401 without credentials, 403 for another business', async () => {
    expect((await patch('missing-pass', { points: 1 })).status).toBe(404);
    const pass = await issuePass(server, business);
    expect((await server.request('PATCH', passPath(pass.id), { body: { points: 1 } })).status).toBe(401);
    expect((await server.request('PATCH', passPath(pass.id), { token: other.token, body: { points: 1 } })).status).toBe(403);
  });
});

describe('external_id uniqueness', () => {
  it('refuses to PATCH an external_id that another pass holds (409)', async () => {
    await issuePass(server, business, { external_id: 'taken' });
    const pass = await issuePass(server, business);
    const response = await patch(pass.id, { external_id: 'taken' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('conflict');
  });

  it('releases the old value when a pass changes its external_id', async () => {
    const first = await issuePass(server, business, { external_id: 'old-value' });
    expect((await patch(first.id, { external_id: 'new-value' })).status).toBe(200);
    const second = await issuePass(server, business, { external_id: 'old-value' });
    expect(second.external_id).toBe('old-value');
    const lookup = await server.request<PassSummaryBody>('GET', `/businesses/${business.businessId}/passes/lookup/external/new-value`, { token: business.token });
    expect(lookup.body.id).toBe(first.id);
  });

  it('releases the value when a pass clears its external_id', async () => {
    const first = await issuePass(server, business, { external_id: 'cleared' });
    expect((await patch(first.id, { external_id: null })).body.external_id).toBeNull();
    await issuePass(server, business, { external_id: 'cleared' });
  });

  it('does not block an external_id forever after a crash between reserving it and issuing the pass', async () => {
    // What a crash leaves behind: a claim in the reservation stream by a pass that was never written.
    const abandoned = SqliteEventStore.open(path.join(server.dataDir, 'events.sqlite'), { now: () => server.clock.now() });
    const valueHash = createHash('sha256').update('crashed-1').digest('hex');
    await abandoned.append(
      `pass-external-id-${business.businessId}-${valueHash}`,
      [
        {
          type: 'ValueReserved',
          data: { value: 'crashed-1', owner_id: '0190f2a0-0000-7000-8000-000000000000', occurred_at: server.clock.now().toISOString() },
          metadata: { correlation_id: 'crash-test', causation_id: null, business_id: business.businessId, actor: 'test', schema_version: 1 },
        },
      ],
      'no_stream',
    );
    await abandoned.close();
    const body = { template_id: business.templateId, external_id: 'crashed-1' };
    const whileInFlight = await server.request('POST', `/businesses/${business.businessId}/passes`, { token: business.token, body });
    expect(whileInFlight.status).toBe(409);
    server.clock.advance(31_000);
    const afterGrace = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, { token: business.token, body });
    expect(afterGrace.status).toBe(201);
    expect(afterGrace.body.external_id).toBe('crashed-1');
  });
});

describe('lookups', () => {
  it('finds every pass of an email, case-insensitively, within the business only', async () => {
    const a = await issuePass(server, business, { customer_email: 'Grace@Example.com' });
    const b = await issuePass(server, business, { customer_email: 'grace@example.com' });
    await issuePass(server, other, { customer_email: 'grace@example.com' });
    const response = await server.request<PassSummaryBody[]>('GET', `/businesses/${business.businessId}/passes/lookup/email/GRACE%40example.com`, {
      token: business.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.map((pass) => pass.id)).toEqual([a.id, b.id]);
    expect(response.body[0]).toEqual({ id: a.id, serial_number: a.serial_number, external_id: null, status: 'active' });
  });

  it('answers an email with no passes with an empty list', async () => {
    const response = await server.request('GET', `/businesses/${business.businessId}/passes/lookup/email/nobody%40example.com`, { token: business.token });
    expect(response).toMatchObject({ status: 200, body: [] });
  });

  it('follows an email change', async () => {
    const pass = await issuePass(server, business, { customer_email: 'before@example.com' });
    await patch(pass.id, { customer_email: 'after@example.com' });
    const before = await server.request('GET', `/businesses/${business.businessId}/passes/lookup/email/before%40example.com`, { token: business.token });
    const after = await server.request<PassSummaryBody[]>('GET', `/businesses/${business.businessId}/passes/lookup/email/after%40example.com`, { token: business.token });
    expect(before.body).toEqual([]);
    expect(after.body.map((p) => p.id)).toEqual([pass.id]);
  });

  it('finds a pass by external_id, and answers 404 when none has it', async () => {
    const pass = await issuePass(server, business, { external_id: 'crm-42' });
    const found = await server.request<PassSummaryBody>('GET', `/businesses/${business.businessId}/passes/lookup/external/crm-42`, { token: business.token });
    expect(found).toMatchObject({ status: 200, body: { id: pass.id, external_id: 'crm-42', status: 'active' } });
    const missing = await server.request<ErrorBody>('GET', `/businesses/${business.businessId}/passes/lookup/external/crm-43`, { token: business.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('answers 401 without credentials and 403 for another business', async () => {
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/lookup/email/a%40b.co`)).status).toBe(401);
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/lookup/external/x`, { token: other.token })).status).toBe(403);
  });
});

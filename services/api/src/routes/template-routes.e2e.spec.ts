/** Templates as far as issuing needs them, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
  // Free allows one template, which the fixture has already made (plans.e2e.spec.ts tests that limit).
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());

const templates = (b: TestBusiness) => `/businesses/${b.businessId}/templates`;

describe('templates', () => {
  it('creates a template (201) and reads it back', async () => {
    const created = await server.request<{ id: string }>('POST', templates(business), { token: business.token, body: { name: '  Smoothie stamps ' } });
    expect(created).toMatchObject({ status: 201, body: { name: 'Smoothie stamps', business_id: business.businessId } });
    const read = await server.request('GET', `${templates(business)}/${created.body.id}`, { token: business.token });
    expect(read).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Smoothie stamps' } });
  });

  it('refuses an invalid body with 422', async () => {
    const response = await server.request<ErrorBody>('POST', templates(business), { token: business.token, body: { name: 'x'.repeat(201) } });
    expect(response.status).toBe(422);
    expect(response.body.error.details?.[0]?.path).toBe('name');
  });

  it('answers 404 for an unknown template or another business’s template', async () => {
    expect((await server.request('GET', `${templates(business)}/missing`, { token: business.token })).status).toBe(404);
    expect((await server.request('GET', `${templates(business)}/${other.templateId}`, { token: business.token })).status).toBe(404);
  });

  it('answers 401 without credentials and 403 for another business', async () => {
    expect((await server.request('POST', templates(business), { body: { name: 'x' } })).status).toBe(401);
    expect((await server.request('GET', `${templates(other)}/${other.templateId}`, { token: business.token })).status).toBe(403);
  });
});

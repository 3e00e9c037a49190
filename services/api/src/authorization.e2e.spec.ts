/**
 * Authorization on every business route (DESIGN §6): no credentials → 401, credentials of another
 * business → 403, whatever the route and whether or not the resource exists.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, startWithTwoBusinesses, type TestBusiness } from './testing/fixtures';
import type { TestServer } from './testing/test-server';
import type { ErrorBody } from './testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
let passId = '';
beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
  passId = (await issuePass(server, business, { external_id: 'guarded', customer_email: 'guarded@example.com' })).id;
});
afterAll(() => server.stop());

type Route = readonly [method: string, path: (b: TestBusiness) => string, body?: unknown];

const ROUTES: readonly Route[] = [
  ['POST', (b) => `/businesses/${b.businessId}/api-keys`, { name: 'k' }],
  ['GET', (b) => `/businesses/${b.businessId}/api-keys`],
  ['DELETE', (b) => `/businesses/${b.businessId}/api-keys/some-key`],
  ['POST', (b) => `/businesses/${b.businessId}/templates`, { name: 't' }],
  ['GET', (b) => `/businesses/${b.businessId}/templates`],
  ['GET', (b) => `/businesses/${b.businessId}/templates/${b.templateId}`],
  ['PATCH', (b) => `/businesses/${b.businessId}/templates/${b.templateId}`, { name: 't' }],
  ['POST', (b) => `/businesses/${b.businessId}/scans`, { code: 'PS-0000-0000-0000' }],
  ['POST', (b) => `/businesses/${b.businessId}/passes`, { template_id: 'any-template' }],
  ['GET', (b) => `/businesses/${b.businessId}/passes/${passId}`],
  ['PATCH', (b) => `/businesses/${b.businessId}/passes/${passId}`, { points: 1 }],
  ['DELETE', (b) => `/businesses/${b.businessId}/passes/${passId}`],
  ['GET', (b) => `/businesses/${b.businessId}/passes/${passId}/events`],
  ['GET', (b) => `/businesses/${b.businessId}/passes/lookup/email/guarded%40example.com`],
  ['GET', (b) => `/businesses/${b.businessId}/passes/lookup/external/guarded`],
  ['POST', (b) => `/businesses/${b.businessId}/passes/bulk`, { passes: [{ template_id: 'any-template' }] }],
  ['PATCH', (b) => `/businesses/${b.businessId}/passes/bulk`, { passes: [{ identifier: 'guarded', points: 1 }] }],
  ['POST', (b) => `/businesses/${b.businessId}/webhooks`, { url: 'https://hooks.example.com/guarded' }],
  ['GET', (b) => `/businesses/${b.businessId}/webhooks`],
  ['GET', (b) => `/businesses/${b.businessId}/webhooks/some-webhook`],
  ['DELETE', (b) => `/businesses/${b.businessId}/webhooks/some-webhook`],
  ['GET', (b) => `/businesses/${b.businessId}/webhooks/some-webhook/deliveries`],
  ['POST', (b) => `/businesses/${b.businessId}/webhooks/some-webhook/deliveries/some-delivery/retry`],
  ...['stamp', 'points?points=1', 'charge?amount=1', 'topup?amount=1', 'checkin', 'redeem', 'reactivate'].map(
    (action) => ['POST', (b: TestBusiness) => `/businesses/${b.businessId}/passes/${passId}/${action}`] as const,
  ),
];

describe.each(ROUTES)('%s %p', (method, path, body) => {
  it('answers 401 unauthorized without credentials', async () => {
    const response = await server.request<ErrorBody>(method, path(business), { body });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('answers 403 forbidden to another business’s credentials', async () => {
    const response = await server.request<ErrorBody>(method, path(business), { token: other.token, body });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('GET /businesses/me', () => {
  it('answers 401 unauthorized without credentials', async () => {
    expect((await server.request('GET', '/businesses/me')).status).toBe(401);
  });
});

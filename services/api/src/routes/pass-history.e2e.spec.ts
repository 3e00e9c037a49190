/** The auditors' endpoint: a pass's whole history, in order, from the event store. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { HistoryBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => ({ server, business, other } = await startWithTwoBusinesses()));
afterAll(() => server.stop());

describe('GET /businesses/{id}/passes/{identifier}/events', () => {
  it('returns every event of the pass in order with type, data, revision and recorded_at', async () => {
    const pass = await issuePass(server, business, { external_id: 'audit-1', points: 2 });
    const base = `/businesses/${business.businessId}/passes/${pass.id}`;
    server.clock.advance(60_000);
    await server.request('POST', `${base}/stamp?count=2`, { token: business.token });
    await server.request('POST', `${base}/points?points=-2`, { token: business.token });
    await server.request('POST', `${base}/redeem`, { token: business.token });
    await server.request('DELETE', base, { token: business.token });
    await server.request('POST', `${base}/reactivate`, { token: business.token });

    const response = await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/audit-1/events`, { token: business.token });
    expect(response.status).toBe(200);
    expect(response.body.data.map((event) => [event.revision, event.type])).toEqual([
      [0, 'PassIssued'],
      [1, 'PassStamped'],
      [2, 'PointsAdjusted'],
      [3, 'PassRedeemed'],
      [4, 'PassVoided'],
      [5, 'PassReactivated'],
    ]);
    expect(response.body.data[0]).toMatchObject({ data: { pass_id: pass.id, external_id: 'audit-1', points: 2 }, recorded_at: '2026-11-21T10:00:00.000Z' });
    expect(response.body.data[1]).toMatchObject({ data: { count: 2, stamps: 2 }, recorded_at: '2026-11-21T10:01:00.000Z' });
    expect(response.body.data[2]?.data).toMatchObject({ delta: -2, points: 0 });
  });

  it('answers 404 for an unknown pass, 401 without credentials and 403 for another business', async () => {
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/unknown/events`, { token: business.token })).status).toBe(404);
    const pass = await issuePass(server, business);
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`)).status).toBe(401);
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: other.token })).status).toBe(403);
  });
});

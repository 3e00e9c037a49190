/** DESIGN §4: a GET right after a successful command sees it, and everything survives a restart. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';
import type { PassBody, PassSummaryBody } from './testing/wire-types';

let server: TestServer;
let business: TestBusiness;

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

describe('read-your-writes', () => {
  it('reflects every command in the very next GET and lookup', async () => {
    for (let round = 0; round < 25; round++) {
      const pass = await issuePass(server, business, { external_id: `ryw-${round}`, customer_email: `ryw-${round}@example.com` });
      const byExternal = await server.request<PassSummaryBody>('GET', `/businesses/${business.businessId}/passes/lookup/external/ryw-${round}`, { token: business.token });
      expect(byExternal.body.id).toBe(pass.id);
      await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp`, { token: business.token });
      const read = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.serial_number}`, { token: business.token });
      expect(read.body.stamps).toBe(1);
    }
  });

  it('reflects concurrent commands on one pass, none lost', async () => {
    const pass = await issuePass(server, business);
    const stamps = await Promise.all(
      Array.from({ length: 20 }, () => server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp`, { token: business.token })),
    );
    expect(stamps.every((reply) => reply.status === 200)).toBe(true);
    const read = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
    expect(read.body.stamps).toBe(20);
  });
});

describe('restart', () => {
  it('keeps passes, credentials and lookups across a restart', async () => {
    const pass = await issuePass(server, business, { external_id: 'survivor', customer_email: 'survivor@example.com', points: 7 });
    await server.restart();
    const read = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/survivor`, { token: business.token });
    expect(read).toMatchObject({ status: 200, body: { id: pass.id, points: 7 } });
    const byEmail = await server.request<PassSummaryBody[]>('GET', `/businesses/${business.businessId}/passes/lookup/email/survivor%40example.com`, { token: business.token });
    expect(byEmail.body.map((p) => p.id)).toEqual([pass.id]);
  });
});

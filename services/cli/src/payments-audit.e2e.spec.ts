/**
 * Online payments in the operator's tools (PROGRAMME §6): `passes audit verify` finds a pass's balance
 * and payments in the read model as its events make them (a paid top-up and a partial refund), and
 * rebuilding the passes and payments projections gives the same payments list.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { issuePass, registerBusiness, type TestBusiness } from '../../api/src/testing/fixtures';
import { signedEvent, startStripeMock, type StripeStandIn } from '../../api/src/testing/stripe-stand-in';
import { TestServer } from '../../api/src/testing/test-server';
import type { PassBody } from '../../api/src/testing/wire-types';

const CLI = path.resolve(__dirname, '../bin/passes.js');
const run = promisify(execFile);

let stripe: StripeStandIn, server: TestServer, business: TestBusiness;

async function passes(...args: string[]): Promise<number> {
  try {
    await run(process.execPath, [CLI, ...args], { env: { ...process.env, PASSES_DATA_DIR: server.dataDir } });
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

beforeAll(async () => {
  stripe = await startStripeMock();
  server = await TestServer.start(undefined, { stripe: stripe.settings });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

it('audit verify agrees with a paid and partly refunded top-up, and a rebuild keeps the payments', async () => {
  const own = `/businesses/${business.businessId}`;
  const auth = { token: business.token };
  const account = (await server.request<{ account_id: string }>('POST', `${own}/payments/account`, auth)).body.account_id;
  const notify = async (type: string, object: Record<string, unknown>) => {
    const { body, signature } = signedEvent(type, object, server.clock.now(), { account });
    expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
  };
  await notify('account.updated', { id: account, object: 'account', charges_enabled: true, metadata: { business_id: business.businessId } });
  const pass = await issuePass(server, business, { initial_balance: 1 });
  const link = await server.request<{ id: string }>('POST', `${own}/passes/${pass.id}/payment-links`, { ...auth, body: { amount: 20 } });
  const reference = { payment_id: link.body.id, pass_id: pass.id, business_id: business.businessId };
  await notify('checkout.session.completed', { id: stripe.sessions.at(-1), object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_audit', amount_total: 2000, expires_at: 1_900_000_000, metadata: reference });
  expect((await server.request('POST', `${own}/payments/${link.body.id}/refund`, { ...auth, body: { amount: 5 } })).status).toBe(200);
  expect((await server.request<PassBody>('GET', `${own}/passes/${pass.id}`, auth)).body.balance).toBe(16);
  const before = (await server.request('GET', `${own}/payments`, auth)).body;

  expect(await passes('audit', 'verify', '--business', business.businessId)).toBe(0);
  for (const projection of ['passes', 'payments']) expect(await passes('projections', 'rebuild', projection)).toBe(0);
  expect((await server.request('GET', `${own}/payments`, auth)).body).toEqual(before);
  expect(await passes('audit', 'verify', '--business', business.businessId)).toBe(0);
}, 60_000);

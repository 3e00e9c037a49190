/**
 * Stripe's webhook while the event store is down (PROGRAMME §5): the notice is answered 503, so Stripe
 * sends it again, and nothing is lost: once the store is back, the same notice credits the pass, once.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { EventStore } from '@passes/event-store';
import { StoreUnavailableError } from '@passes/storage';
import { issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { signedEvent, startStripeMock, type StripeStandIn } from '../testing/stripe-stand-in';
import { TestServer } from '../testing/test-server';
import type { PassBody } from '../testing/wire-types';

let stripe: StripeStandIn, server: TestServer, business: TestBusiness, pass: PassBody;
let storeDown = false;
let accountId = '';

/** The server's own event store, whose appends fail as an unreachable server's do while `storeDown`. */
function failingWhileDown(opened: EventStore): EventStore {
  return new Proxy(opened, {
    get(target, property, receiver) {
      if (property === 'append' && storeDown) return () => Promise.reject(new StoreUnavailableError('event store'));
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  stripe = await startStripeMock();
  server = await TestServer.start(undefined, { stripe: stripe.settings }, { wrapEvents: failingWhileDown });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  pass = await issuePass(server, business, { initial_balance: 0 });
  accountId = (await server.request<{ account_id: string }>('POST', `/businesses/${business.businessId}/payments/account`, { token: business.token })).body.account_id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

it('answers 503 while the store is down, and credits the pass once when Stripe sends the notice again', async () => {
  const session = {
    id: 'cs_test_store_down',
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: 'pi_store_down',
    amount_total: 1000,
    expires_at: 1_900_000_000,
    metadata: { payment_id: 'payment-store-down', pass_id: pass.id, business_id: business.businessId },
  };
  const send = () => {
    const { body, signature } = signedEvent('checkout.session.completed', session, server.clock.now(), { account: accountId });
    return server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } });
  };
  storeDown = true;
  expect((await send()).status).toBe(503);
  storeDown = false;
  expect((await send()).status).toBe(200);
  expect((await send()).status).toBe(200);
  const after = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
  expect(after.body.balance).toBe(10);
});

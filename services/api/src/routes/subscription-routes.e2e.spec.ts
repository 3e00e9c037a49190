/**
 * Pro by subscription over real HTTP against stripe-mock (PROGRAMME §5): Checkout in subscription mode,
 * Stripe's subscription events moving the plan (once, however often they come), cancelling at the
 * period's end, a failed renewal's 7 days of grace and then Free, and the operator's set-plan winning.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerBusiness, renewToken, type TestBusiness } from '../testing/fixtures';
import { signedEvent, startStripeMock, type StripeStandIn } from '../testing/stripe-stand-in';
import { TestServer } from '../testing/test-server';
import type { ErrorBody } from '../testing/wire-types';

interface SubscriptionBody {
  plan: string;
  status: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

const DAY_MS = 24 * 60 * 60_000;
const PERIOD_END = 1_800_000_000;

let stripe: StripeStandIn, server: TestServer, business: TestBusiness;
beforeAll(async () => {
  stripe = await startStripeMock();
  server = await TestServer.start(undefined, { stripe: { ...stripe.settings, proPrice: 'price_pro_monthly' }, workPollIntervalMs: 20 });
  business = await registerBusiness(server);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const path = () => `/businesses/${business.businessId}/subscription`;
const subscription = async () => (await server.request<SubscriptionBody>('GET', path(), { token: business.token })).body;
const planOf = async () => (await server.request<{ plan: string }>('GET', '/businesses/me', { token: business.token })).body.plan;
async function notify(type: string, object: Record<string, unknown>): Promise<void> {
  const { body, signature } = signedEvent(type, object, server.clock.now());
  expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
}
const stripeSubscription = (status: string, cancelAtPeriodEnd = false) => ({
  id: 'sub_1',
  object: 'subscription',
  status,
  cancel_at_period_end: cancelAtPeriodEnd,
  metadata: { business_id: business.businessId },
  items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END }] },
});

describe('Pro by subscription', () => {
  it('starts at Stripe Checkout in subscription mode, on Free with no subscription yet', async () => {
    const started = await server.request<{ checkout_url: string }>('POST', path(), { token: business.token });
    expect(started.status).toBe(200);
    expect(started.body.checkout_url).toEqual(expect.any(String));
    expect(await subscription()).toEqual({ plan: 'free', status: null, current_period_end: null, cancel_at_period_end: false });
  });

  it("moves the business to Pro when Stripe says the subscription is active, once however often it says so", async () => {
    await notify('customer.subscription.created', stripeSubscription('active'));
    await notify('customer.subscription.updated', stripeSubscription('active'));
    expect(await subscription()).toEqual({ plan: 'pro', status: 'active', current_period_end: new Date(PERIOD_END * 1000).toISOString(), cancel_at_period_end: false });
    expect(await planOf()).toBe('pro');
  });

  it('cancels at the end of the period: Pro holds until Stripe ends it', async () => {
    const cancelled = await server.request<SubscriptionBody>('DELETE', path(), { token: business.token });
    expect(cancelled.status).toBe(200);
    await notify('customer.subscription.updated', stripeSubscription('active', true));
    expect(await subscription()).toMatchObject({ plan: 'pro', cancel_at_period_end: true });
  });

  it('keeps Pro for 7 days after a failed renewal, then Free', async () => {
    await notify('customer.subscription.updated', stripeSubscription('active'));
    const invoice = { id: 'in_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: { business_id: business.businessId } } } };
    await notify('invoice.payment_failed', invoice);
    await notify('customer.subscription.updated', stripeSubscription('past_due'));
    server.clock.advance(6 * DAY_MS);
    await renewToken(server, business);
    expect(await planOf()).toBe('pro');
    server.clock.advance(DAY_MS + 60_000);
    await renewToken(server, business);
    while ((await planOf()) !== 'free') await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await subscription()).toMatchObject({ plan: 'free', status: 'past_due' });
  });

  it("ignores a subscription on a business's own connected account, whatever its metadata says", async () => {
    const other = await registerBusiness(server, 'Other Café');
    const theirs = { ...stripeSubscription('active'), id: 'sub_elsewhere', metadata: { business_id: other.businessId } };
    const { body, signature } = signedEvent('customer.subscription.created', theirs, server.clock.now(), { account: 'acct_connected' });
    expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
    expect((await server.request<{ plan: string }>('GET', '/businesses/me', { token: other.token })).body.plan).toBe('free');
  });

  it("leaves the plan the operator's set-plan gave, whatever the subscription says after", async () => {
    await server.changePlan(business.businessId, 'pro');
    await notify('customer.subscription.deleted', stripeSubscription('canceled'));
    expect(await planOf()).toBe('pro');
  });

  it('answers 503 payments_unavailable where no Price of Pro is configured', async () => {
    const bare = await TestServer.start(undefined, { stripe: stripe.settings });
    try {
      const owner = await registerBusiness(bare);
      const answer = await bare.request<ErrorBody>('POST', `/businesses/${owner.businessId}/subscription`, { token: owner.token });
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('payments_unavailable');
    } finally {
      await bare.stop();
    }
  });
});

/**
 * Online payments over real HTTP against Stripe's own stripe-mock (PROGRAMME §5): the Connect account,
 * payment links and their money rules, Stripe's webhook crediting a pass exactly once however often a
 * notice comes, signatures that are bad or old changing nothing, refunds with the fee returned in
 * proportion, expired sessions, the customer's own top-up, Free's 402 and a service without keys.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, registerBusiness, registerWebhook, renewToken, type TestBusiness } from '../testing/fixtures';
import { signedEvent, startStripeMock, type StripeStandIn } from '../testing/stripe-stand-in';
import { TestServer } from '../testing/test-server';
import { WebhookReceiver } from '../testing/webhook-receiver';
import type { ErrorBody, PassBody } from '../testing/wire-types';

interface PaymentBody {
  id: string;
  pass_id: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  status: string;
  refunded_amount: number;
  created_at: string;
  paid_at: string | null;
}

let hooks: WebhookReceiver;
let stripe: StripeStandIn, server: TestServer, business: TestBusiness, pass: PassBody, accountId: string;
beforeAll(async () => {
  stripe = await startStripeMock();
  server = await TestServer.start(undefined, { stripe: stripe.settings, workPollIntervalMs: 20, webhookAllowPrivate: true });
  hooks = await WebhookReceiver.start();
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  pass = await issuePass(server, business, { initial_balance: 5 });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  await hooks?.close();
});

const base = () => `/businesses/${business.businessId}`;
const auth = () => ({ token: business.token });
const post = <Body>(path: string, body: Record<string, unknown> = {}) => server.request<Body & ErrorBody>('POST', `${base()}${path}`, { ...auth(), body });
const balanceOf = async (id: string) => (await server.request<PassBody>('GET', `${base()}/passes/${id}`, auth())).body.balance;
const paymentOf = async (id: string) => (await server.request<{ data: PaymentBody[] }>('GET', `${base()}/payments?limit=200`, auth())).body.data.find((payment) => payment.id === id);

/** Posts a Stripe event to the webhook as Stripe does; `at` is when it was signed. */
async function notify(type: string, object: Record<string, unknown>, at = server.clock.now(), secret?: string) {
  const { body, signature } = signedEvent(type, object, at, { ...(secret === undefined ? {} : { secret }), account: accountId });
  return server.request<ErrorBody & { received?: boolean }>('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } });
}
const reference = (paymentId: string, passId = pass.id) => ({ payment_id: paymentId, pass_id: passId, business_id: business.businessId });
const completed = (paymentId: string, amountTotal: number, session = `cs_test_${paymentId}`) => ({
  id: session,
  object: 'checkout.session',
  status: 'complete',
  payment_status: 'paid',
  payment_intent: `pi_${paymentId}`,
  amount_total: amountTotal,
  expires_at: 1_900_000_000,
  metadata: reference(paymentId),
});

describe('the Connect account', () => {
  it('is made on first use with an onboarding link, and takes no charges until Stripe says so', async () => {
    const created = await post<{ account_id: string; onboarding_url: string }>('/payments/account');
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ account_id: expect.stringMatching(/^acct_/), onboarding_url: expect.any(String) });
    accountId = created.body.account_id;
    const again = await post<{ account_id: string }>('/payments/account');
    expect(again.body.account_id).toBe(accountId);
    const account = await server.request('GET', `${base()}/payments/account`, auth());
    expect(account.body).toEqual({ account_id: accountId, charges_enabled: false, fee: { percent: 1, fixed: 0.2, currency: 'GBP' }, top_up_amounts: [5, 10, 20] });
  });

  it('lets the business choose the top-ups its passes offer, 1.00 to 1000.00 each, at most 6', async () => {
    const chosen = await server.request<{ top_up_amounts: number[] }>('PATCH', `${base()}/payments/account`, { ...auth(), body: { top_up_amounts: [25, 7.5, 25] } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.top_up_amounts).toEqual([7.5, 25]);
    for (const top_up_amounts of [[0.5], [], [1, 2, 3, 4, 5, 6, 7], [1.005]]) {
      expect((await server.request('PATCH', `${base()}/payments/account`, { ...auth(), body: { top_up_amounts } })).status).toBe(422);
    }
    expect((await server.request('PATCH', `${base()}/payments/account`, { ...auth(), body: { top_up_amounts: [5, 10, 20] } })).status).toBe(200);
  });

  it('refuses payment links before onboarding is done: 409 charges_disabled', async () => {
    const link = await post(`/passes/${pass.id}/payment-links`, { amount: 10 });
    expect(link.status).toBe(409);
    expect(link.body.error.code).toBe('charges_disabled');
  });

  it("takes charges once Stripe's account.updated says so", async () => {
    const answer = await notify('account.updated', { id: accountId, object: 'account', charges_enabled: true, metadata: { business_id: business.businessId } });
    expect(answer.status).toBe(200);
    expect((await server.request<{ charges_enabled: boolean }>('GET', `${base()}/payments/account`, auth())).body.charges_enabled).toBe(true);
  });
});

describe('a payment link', () => {
  let paymentId: string;

  it('is a Checkout page for the top-up, with the fee of 1 % plus 20 p', async () => {
    const link = await post<{ id: string; url: string; amount: number; fee: number; expires_at: string }>(`/passes/${pass.id}/payment-links`, { amount: 12.34 });
    expect(link.status).toBe(201);
    expect(link.body).toEqual({ id: expect.any(String), url: expect.any(String), amount: 12.34, fee: 0.32, expires_at: expect.any(String) });
    paymentId = link.body.id;
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'pending', amount: 12.34, fee: 0.32, currency: 'GBP', paid_at: null, pass_id: pass.id });
  });

  it.each([[0.99], [1000.01], [12.345]])('refuses %p: 422', async (amount) => {
    const link = await post(`/passes/${pass.id}/payment-links`, { amount });
    expect(link.status).toBe(422);
  });

  it('refuses a pass without a balance (409 no_balance) and a voided one (409 pass_voided)', async () => {
    const points = await issuePass(server, business);
    expect((await post(`/passes/${points.id}/payment-links`, { amount: 5 })).body.error.code).toBe('no_balance');
    const voided = await issuePass(server, business, { initial_balance: 1 });
    expect((await server.request('DELETE', `${base()}/passes/${voided.id}`, auth())).status).toBe(200);
    const answer = await post(`/passes/${voided.id}/payment-links`, { amount: 5 });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('pass_voided');
  });

  it('is credited exactly once, however often Stripe says the session was paid', async () => {
    await registerWebhook(server, business, hooks.url, ['payment.succeeded', 'payment.refunded']);
    for (let time = 0; time < 3; time++) expect((await notify('checkout.session.completed', completed(paymentId, 1234))).status).toBe(200);
    expect(await balanceOf(pass.id)).toBe(17.34);
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'succeeded', amount: 12.34, fee: 0.32, net: 12.02, paid_at: expect.any(String) });
    const [delivered] = await hooks.waitFor(1);
    expect(delivered?.body).toMatchObject({ event: 'payment.succeeded', data: { id: pass.id, balance: 17.34, payment: { id: paymentId, amount: 12.34, fee: 0.32, net: 12.02, status: 'succeeded' } } });
  });

  it('changes nothing when expiry is told after the payment', async () => {
    expect((await notify('checkout.session.expired', { ...completed(paymentId, 1234), status: 'expired', payment_status: 'unpaid' })).status).toBe(200);
    expect((await paymentOf(paymentId))?.status).toBe('succeeded');
  });

  it('refunds part, returning the fee in proportion, then refuses more than is left (422)', async () => {
    const refund = await post<PaymentBody>(`/payments/${paymentId}/refund`, { amount: 5 });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ status: 'partially_refunded', refunded_amount: 5, fee: 0.19, net: 7.15 });
    expect(await balanceOf(pass.id)).toBe(12.34);
    const delivered = await hooks.waitFor(2);
    expect(delivered[1]?.body).toMatchObject({ event: 'payment.refunded', data: { payment: { status: 'partially_refunded', refunded_amount: 5 } } });
    const tooMuch = await post(`/payments/${paymentId}/refund`, { amount: 7.35 });
    expect(tooMuch.status).toBe(422);
  });

  it("records Stripe's running refund total once, and takes the balance no lower than 0", async () => {
    expect((await notify('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: `pi_${paymentId}`, amount_refunded: 500, metadata: reference(paymentId) })).status).toBe(200);
    expect(await balanceOf(pass.id)).toBe(12.34);
    expect((await post(`/passes/${pass.id}/charge?amount=10`)).status).toBe(200);
    expect((await notify('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: `pi_${paymentId}`, amount_refunded: 1234, metadata: reference(paymentId) })).status).toBe(200);
    expect(await balanceOf(pass.id)).toBe(0);
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'refunded', refunded_amount: 12.34, fee: 0, net: 0 });
  });
});

describe("Stripe's webhook", () => {
  it('refuses a bad signature or an old one with 400, and records nothing', async () => {
    const link = await post<{ id: string }>(`/passes/${pass.id}/payment-links`, { amount: 20 });
    const before = await balanceOf(pass.id);
    const forged = await notify('checkout.session.completed', completed(link.body.id, 2000), server.clock.now(), 'whsec_not_ours');
    expect(forged.status).toBe(400);
    const old = await notify('checkout.session.completed', completed(link.body.id, 2000), new Date(server.clock.now().getTime() - 10 * 60_000));
    expect(old.status).toBe(400);
    const unsigned = await server.request('POST', '/payments/stripe/events', { rawBody: '{"id":"evt_1","type":"checkout.session.completed"}' });
    expect(unsigned.status).toBe(400);
    expect(await balanceOf(pass.id)).toBe(before);
    expect((await paymentOf(link.body.id))?.status).toBe('pending');
  });

  it("credits nothing for a session on another Stripe account, or naming another business's pass, whatever its metadata says", async () => {
    const link = await post<{ id: string }>(`/passes/${pass.id}/payment-links`, { amount: 30 });
    const before = await balanceOf(pass.id);
    const elsewhere = signedEvent('checkout.session.completed', completed(link.body.id, 3000), server.clock.now(), { account: 'acct_someone_else' });
    expect((await server.request('POST', '/payments/stripe/events', { rawBody: elsewhere.body, headers: { 'stripe-signature': elsewhere.signature } })).status).toBe(200);
    const other = await registerBusiness(server, 'Other Café');
    const theirs = await issuePass(server, other, { initial_balance: 0 });
    const crossed = { ...completed(link.body.id, 3000), metadata: { payment_id: link.body.id, pass_id: theirs.id, business_id: business.businessId } };
    expect((await notify('checkout.session.completed', crossed)).status).toBe(200);
    expect(await balanceOf(pass.id)).toBe(before);
    expect((await server.request<PassBody>('GET', `/businesses/${other.businessId}/passes/${theirs.id}`, { token: other.token })).body.balance).toBe(0);
    expect((await paymentOf(link.body.id))?.status).toBe('pending');
  });

  it('marks an unpaid session expired', async () => {
    const link = await post<{ id: string }>(`/passes/${pass.id}/payment-links`, { amount: 5 });
    expect((await notify('checkout.session.expired', { ...completed(link.body.id, 500), status: 'expired', payment_status: 'unpaid' })).status).toBe(200);
    expect((await paymentOf(link.body.id))?.status).toBe('expired');
  });
});

describe('the reconciliation sweep', () => {
  it('credits, once, a session Stripe says was paid though no notice came, after an hour pending', async () => {
    const link = await post<{ id: string }>(`/passes/${pass.id}/payment-links`, { amount: 7.5 });
    const session = stripe.sessions.at(-1) ?? '';
    const before = await balanceOf(pass.id);
    stripe.pay(session, 750);
    server.clock.advance(75 * 60_000);
    await renewToken(server, business);
    while ((await paymentOf(link.body.id))?.status === 'pending') await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await paymentOf(link.body.id)).toMatchObject({ status: 'succeeded', amount: 7.5 });
    expect(await balanceOf(pass.id)).toBe((before ?? 0) + 7.5);
    // The notice that comes late credits nothing more.
    expect((await notify('checkout.session.completed', completed(link.body.id, 750, session))).status).toBe(200);
    expect(await balanceOf(pass.id)).toBe((before ?? 0) + 7.5);
  });
});

describe("the customer's own top-up", () => {
  it("starts Checkout with the pass's download secret, and a wrong token is 404", async () => {
    const secret = new URL(pass.download_url).pathname.split('/').at(-1) ?? '';
    const topUp = await server.request<{ checkout_url: string }>('POST', `/public/passes/${pass.serial_number}/topups`, { body: { amount: 10, token: secret } });
    expect(topUp.status).toBe(200);
    expect(topUp.body.checkout_url).toEqual(expect.any(String));
    const wrong = await server.request('POST', `/public/passes/${pass.serial_number}/topups`, { body: { amount: 10, token: 'not-the-secret' } });
    expect(wrong.status).toBe(404);
  });
});

describe('plans and configuration', () => {
  it("answers Free with the flat 402 naming online_payments", async () => {
    const free = await registerBusiness(server, 'Free Café');
    const answer = await server.request<{ error: string; feature: string }>('POST', `/businesses/${free.businessId}/payments/account`, { token: free.token });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ error: 'pro_feature', feature: 'online_payments', plan: 'free' });
  });

  it('answers 503 payments_unavailable while Stripe cannot be reached', async () => {
    const unreachable = { ...stripe.settings, apiUrl: new URL('http://127.0.0.1:9') };
    const cut = await TestServer.start(undefined, { stripe: unreachable });
    try {
      const owner = await registerBusiness(cut);
      await cut.changePlan(owner.businessId, 'pro');
      const answer = await cut.request<ErrorBody>('POST', `/businesses/${owner.businessId}/payments/account`, { token: owner.token });
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('payments_unavailable');
    } finally {
      await cut.stop();
    }
  });

  it('answers 503 payments_unavailable where no Stripe keys are set', async () => {
    const bare = await TestServer.start();
    try {
      const owner = await registerBusiness(bare);
      await bare.changePlan(owner.businessId, 'pro');
      const answer = await bare.request<ErrorBody>('GET', `/businesses/${owner.businessId}/payments/account`, { token: owner.token });
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('payments_unavailable');
    } finally {
      await bare.stop();
    }
  });
});

/**
 * The Payments screen in headless Chromium against the real embedded stack and Stripe's stripe-mock:
 * Free sees the invitation to upgrade and subscribes through Checkout; Pro connects its Stripe account and gets the onboarding link, sees
 * the account take payments once Stripe says so, lists a paid top-up with its fee and net, refunds part of
 * it, and is told in words when a refund is more than is left; more payments than a page come a page at a
 * time ("Show more"). Screens are kept at phone and desktop sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { issuePass, type TestBusiness } from '../../../api/src/testing/fixtures';
import { signedEvent, startStripeMock, type StripeStandIn } from '../../../api/src/testing/stripe-stand-in';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;

let stripe: StripeStandIn, server: TestServer, business: TestBusiness, dashboard: DashboardPage, page: Page;
const sessions = dashboardSessions();

beforeAll(async () => {
  stripe = await startStripeMock();
  ({ server, business, dashboard, page } = await sessions.start(() => TestServer.start(undefined, { stripe: { ...stripe.settings, proPrice: 'price_pro_monthly' } })));
}, STEP_MS);

afterAll(() => stripe?.stop());

const openPayments = async () => {
  await page.goto('/dashboard/payments');
  await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
};

async function notify(type: string, object: Record<string, unknown>, account?: string): Promise<void> {
  const { body, signature } = signedEvent(type, object, server.clock.now(), account === undefined ? {} : { account });
  expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
}

describe('the Payments screen', () => {
  it('invites Free to upgrade, and to subscribe to Pro through Stripe Checkout', async () => {
    await openPayments();
    await page.getByTestId('upgrade-prompt').waitFor();
    expect(await page.getByTestId('upgrade-prompt').getByRole('heading').innerText()).toBe('Online payments come with Pro');
    // On this page the way to subscribe is below, not a link back to it.
    expect(await page.getByTestId('upgrade-prompt').locator('.upgrade-how').innerText()).toContain('subscribe to Pro below');
    expect(await page.getByTestId('upgrade-prompt').getByRole('link', { name: 'Payments' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    const checkout = page.getByRole('region', { name: 'Pro subscription' }).getByRole('link', { name: 'Continue to Stripe' });
    await checkout.waitFor();
    expect(await checkout.getAttribute('href')).toBe(`${stripe.settings.apiUrl.origin}/checkout/${stripe.sessions.at(-1) ?? ''}`);
  }, STEP_MS);

  it('connects the Stripe account on Pro and hands over the onboarding link', async () => {
    await server.changePlan(business.businessId, 'pro');
    await openPayments();
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    const onward = page.getByRole('link', { name: 'Continue to Stripe' });
    await onward.waitFor();
    expect(await onward.getAttribute('href')).toMatch(/^https:\/\//);
    await openPayments();
    expect(await page.getByTestId('charges-status').innerText()).toBe('Onboarding not finished');
    expect(await page.getByRole('button', { name: 'Finish onboarding with Stripe' }).isVisible()).toBe(true);
  }, STEP_MS);

  it('changes the top-ups the passes offer, and says in words when one is out of range', async () => {
    const form = page.getByRole('form', { name: 'Top-ups offered' });
    expect(await form.getByLabel('Top-ups offered (GBP)').inputValue()).toBe('5.00, 10.00, 20.00');
    await form.getByLabel('Top-ups offered (GBP)').fill('5, 0.5');
    await form.getByRole('button', { name: 'Save top-ups' }).click();
    expect(await fieldError(page, 'Top-ups offered (GBP)')).toContain('must be from 1.00 to 1000.00');
    await form.getByLabel('Top-ups offered (GBP)').fill('25, 7.5');
    await form.getByRole('button', { name: 'Save top-ups' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = await server.request<{ top_up_amounts: number[] }>('GET', `/businesses/${business.businessId}/payments/account`, { token: business.token });
    expect(saved.body.top_up_amounts).toEqual([7.5, 25]);
    expect(await form.getByLabel('Top-ups offered (GBP)').inputValue()).toBe('25, 7.5');
  }, STEP_MS);

  it('lists a paid top-up with its fee and net once Stripe says the account takes payments', async () => {
    const account = await server.request<{ account_id: string }>('GET', `/businesses/${business.businessId}/payments/account`, { token: business.token });
    await notify('account.updated', { id: account.body.account_id, object: 'account', charges_enabled: true, metadata: { business_id: business.businessId } });
    const pass = await issuePass(server, business, { initial_balance: 0 });
    const link = await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/passes/${pass.id}/payment-links`, { token: business.token, body: { amount: 12.34 } });
    const reference = { payment_id: link.body.id, pass_id: pass.id, business_id: business.businessId };
    await notify('checkout.session.completed', { id: stripe.sessions.at(-1), object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_dashboard', amount_total: 1234, expires_at: 1_900_000_000, metadata: reference }, account.body.account_id);
    await openPayments();
    expect(await page.getByTestId('charges-status').innerText()).toBe('Takes payments');
    const row = page.getByTestId('payment');
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(/£12\.34 · fee £0\.32 · net £12\.02.*succeeded/i);
    expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
  }, STEP_MS);

  it('refunds part of it, and says in words when a refund is more than is left', async () => {
    const row = page.getByTestId('payment');
    await row.getByLabel('Refund amount').fill('5');
    await row.getByRole('button', { name: 'Refund' }).click();
    await row.getByText('partially refunded').waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('refunded £5.00');
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('Leave empty to refund all that is left (£7.34)');
    await row.getByLabel('Refund amount').fill('100');
    await row.getByRole('button', { name: 'Refund' }).click();
    expect(await fieldError(page, 'Refund amount')).toContain('must be at most 7.34');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
    expect((await screenshotBothSizes(page, 'payments')).length).toBe(2);
    expect(unexpectedErrors(dashboard.errors)).toEqual([]);
  }, STEP_MS);

  it('shows the payments a page at a time, newest first, and the older ones after them on "Show more"', async () => {
    const pass = await issuePass(server, business, { initial_balance: 0 });
    for (let made = 0; made < 25; made++) {
      const link = await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/payment-links`, { token: business.token, body: { amount: 1 + made } });
      expect(link.status).toBe(201);
    }
    await openPayments();
    const rows = page.getByTestId('payment');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(25);
    expect((await rows.first().innerText()).replace(/\s+/g, ' ')).toMatch(/£25\.00 · fee £0\.45 .*pending/i);
    expect((await rows.last().innerText()).replace(/\s+/g, ' ')).toContain('£1.00');
    await page.getByRole('button', { name: 'Show more' }).click();
    await rows.nth(25).waitFor();
    expect(await rows.count()).toBe(26);
    expect((await rows.first().innerText()).replace(/\s+/g, ' ')).toContain('£25.00');
    expect((await rows.last().innerText()).replace(/\s+/g, ' ')).toMatch(/£12\.34 .*partially refunded/i);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(unexpectedErrors(dashboard.errors)).toEqual([]);
  }, STEP_MS);
});

describe('the Payments screen on a service without Stripe', () => {
  let plain: { server: TestServer; business: TestBusiness; page: Page };
  beforeAll(async () => {
    plain = await sessions.start(() => TestServer.start());
  }, STEP_MS);

  it('says in plain words that subscribing is not set up and how else to get Pro, with nothing to try again', async () => {
    await plain.page.goto('/dashboard/payments');
    await plain.page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await plain.page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    const section = plain.page.getByRole('region', { name: 'Pro subscription' });
    await section.getByRole('alert').waitFor();
    expect(await section.getByRole('alert').innerText()).toBe('Online payments are not set up on this service; the operator can enable them.');
    expect(await section.locator('.upgrade-how').innerText()).toContain(`ask the service operator to move your business to Pro (business id ${plain.business.businessId})`);
    expect(await plain.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await plain.page.getByText('The service failed').count()).toBe(0);
  }, STEP_MS);

  it('on Pro, says payments are not set up instead of "try again", and offers no subscription to Pro', async () => {
    await plain.server.changePlan(plain.business.businessId, 'pro');
    await plain.page.goto('/dashboard/payments');
    await plain.page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await plain.page.getByRole('alert').waitFor();
    expect(await plain.page.getByRole('alert').innerText()).toBe('Online payments are not set up on this service; the operator can enable them.');
    expect(await plain.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await plain.page.getByTestId('subscription-status').innerText()).toBe('Your business is on Pro.');
    expect(await plain.page.getByRole('button', { name: 'Subscribe to Pro' }).count()).toBe(0);
    await screenshotBothSizes(plain.page, 'payments-not-set-up');
  }, STEP_MS);
});

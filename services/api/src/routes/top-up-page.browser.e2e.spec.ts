/**
 * "Top up" on a stored-value pass's download page in headless Chromium (PROGRAMME §5): the amounts, a
 * plain form under a CSP that lets it go only to the page itself and on to Checkout, the trip to the
 * Stripe stand-in's Checkout page and back, and the new balance once Stripe's notice credited it. A pass
 * the business cannot take payments for offers none.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT } from '../testing/browser';
import { customerToken } from '../testing/customer-links';
import { configureTemplate, issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { signedEvent, startStripeMock, type StripeStandIn } from '../testing/stripe-stand-in';
import { TestServer } from '../testing/test-server';
import type { PassBody } from '../testing/wire-types';

let accountId = '';
let stripe: StripeStandIn, server: TestServer, business: TestBusiness, pass: PassBody, browser: Browser, page: Page;
beforeAll(async () => {
  stripe = await startStripeMock();
  server = await TestServer.start(undefined, { stripe: stripe.settings });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  await configureTemplate(server, business, { currency: 'GBP' });
  pass = await issuePass(server, business, { initial_balance: 2.5, customer_email: 'ada@example.com' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: PHONE_VIEWPORT });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.stop();
});

const open = (link: string) => page.goto(link.replace('https://passes.test', server.rootUrl));

async function enableCharges(): Promise<void> {
  const account = await server.request<{ account_id: string }>('POST', `/businesses/${business.businessId}/payments/account`, { token: business.token });
  accountId = account.body.account_id;
  const { body, signature } = signedEvent('account.updated', { id: account.body.account_id, object: 'account', charges_enabled: true, metadata: { business_id: business.businessId } }, server.clock.now());
  expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
}

describe('the download page of a stored-value pass', () => {
  it('offers no top-up while the business takes no charges, and forbids every form', async () => {
    const response = await open(pass.download_url);
    expect(await page.locator('section.topup').count()).toBe(0);
    expect(response?.headers()['content-security-policy']).toContain("form-action 'none'");
  });

  it('offers 5, 10 and 20 GBP once it does, under a CSP that lets the form go only to the page and to Checkout', async () => {
    await enableCharges();
    const response = await open(pass.download_url);
    expect(await page.locator('section.topup button').allInnerTexts()).toEqual(['Top up £5.00', 'Top up £10.00', 'Top up £20.00']);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'self' http:\/\/127\.0\.0\.1:\d+; frame-ancestors 'none'$/);
    expect(csp).toContain(`form-action 'self' ${stripe.settings.apiUrl.origin};`);
    expect(await page.locator('script').count()).toBe(0);
  });

  it("offers the top-ups the business chose", async () => {
    const chosen = await server.request('PATCH', `/businesses/${business.businessId}/payments/account`, { token: business.token, body: { top_up_amounts: [10, 50] } });
    expect(chosen.status).toBe(200);
    await open(pass.download_url);
    expect(await page.locator('section.topup button').allInnerTexts()).toEqual(['Top up £10.00', 'Top up £50.00']);
  });

  it('goes to Checkout and back, and shows the new balance once Stripe says the session was paid', async () => {
    await open(pass.download_url);
    await Promise.all([page.waitForURL(`${stripe.settings.apiUrl.origin}/checkout/**`), page.getByRole('button', { name: 'Top up £10.00' }).click()]);
    const session = stripe.sessions.at(-1) ?? '';
    expect(page.url()).toBe(`${stripe.settings.apiUrl.origin}/checkout/${session}`);
    const payments = await server.request<{ data: { id: string; pass_id: string; amount: number }[] }>('GET', `/businesses/${business.businessId}/payments`, { token: business.token });
    const payment = payments.body.data[0];
    expect(payment).toMatchObject({ pass_id: pass.id, amount: 10 });
    const object = {
      id: session,
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: 'pi_page',
      amount_total: 1000,
      expires_at: 1_900_000_000,
      metadata: { payment_id: payment?.id, pass_id: pass.id, business_id: business.businessId },
    };
    const { body, signature } = signedEvent('checkout.session.completed', object, server.clock.now(), { account: accountId });
    expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
    const back = (await page.locator('#pay').getAttribute('href')) ?? '';
    expect(back).toBe(`${pass.download_url}?topup=paid`);
    await open(back);
    expect(await page.locator('.topup-status').innerText()).toContain('Thank you');
    expect((await page.locator('section.card').innerText()).replace(/\s+/g, ' ')).toContain('Balance £12.50');
  });
});

describe("the customer's page", () => {
  it('links a pass that takes top-ups to its own page, where the top-up is', async () => {
    const token = await customerToken(server, 'ada@example.com');
    await page.goto(`${server.rootUrl}/customer?token=${token}`);
    const link = page.getByRole('link', { name: 'Top up this pass' });
    expect(await link.getAttribute('href')).toBe(`${pass.download_url}#topup`);
  });
});

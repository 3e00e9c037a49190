/**
 * "Top up" on a stored-value pass's download page in headless Chromium (PROGRAMME §5): the amounts, a
 * plain form under a CSP that lets it go only to the page itself and on to Checkout, the trip to the
 * Stripe stand-in's Checkout page and back, where the page says the payment is being credited and reloads
 * itself (no script, the same CSP) until it shows the new balance, or, when no notice comes in its tries,
 * says the payment is received and stops. A pass the business cannot take payments for offers none.
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
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusedByCsp.push(message.text());
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.stop();
});

const open = (link: string) => page.goto(link.replace('https://passes.test', server.rootUrl));
const balanceShown = async () => (await page.locator('section.card').innerText()).replace(/\s+/g, ' ');

/** What Chromium reported the pages' CSP refused. */
const refusedByCsp: string[] = [];

/** Stripe's notice that the session was paid, signed as Stripe signs it. */
async function notifyPaid(session: string, paymentId: string, amountMinor: number): Promise<void> {
  const object = {
    id: session,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: `pi_${paymentId}`,
    amount_total: amountMinor,
    expires_at: 1_900_000_000,
    metadata: { payment_id: paymentId, pass_id: pass.id, business_id: business.businessId },
  };
  const { body, signature } = signedEvent('checkout.session.completed', object, server.clock.now(), { account: accountId });
  expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
}

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

  it('goes to Checkout and back, says the payment is being credited, and shows the new balance by itself once Stripe says the session was paid', async () => {
    await open(pass.download_url);
    await Promise.all([page.waitForURL(`${stripe.settings.apiUrl.origin}/checkout/**`), page.getByRole('button', { name: 'Top up £10.00' }).click()]);
    const session = stripe.sessions.at(-1) ?? '';
    expect(page.url()).toBe(`${stripe.settings.apiUrl.origin}/checkout/${session}`);
    const back = (await page.locator('#pay').getAttribute('href')) ?? '';
    expect(back).toBe(`${pass.download_url}?topup=paid&session=${session}`);

    // Back before Stripe's notice: the page says so, and reloads itself under the same CSP, with no script.
    const returned = await open(back);
    expect(await page.locator('.topup-status').innerText()).toBe('Thank you. Your payment is being credited to your balance; this page updates by itself.');
    expect(await balanceShown()).toContain('Balance £2.50');
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe(`3; url=?topup=paid&session=${session}&try=1#topup`);
    expect(returned?.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'self' http:\/\/127\.0\.0\.1:\d+; frame-ancestors 'none'$/);
    expect(await page.locator('script').count()).toBe(0);

    const payments = await server.request<{ data: { id: string; pass_id: string; amount: number }[] }>('GET', `/businesses/${business.businessId}/payments?pass_id=${pass.id}`, { token: business.token });
    const payment = payments.body.data.at(0);
    expect(payment).toMatchObject({ pass_id: pass.id, amount: 10 });
    await notifyPaid(session, payment?.id ?? '', 1000);

    // The page's next try finds it credited: the new balance, and no more reloading.
    await page.locator('.topup-status', { hasText: 'is credited' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.topup-status').innerText()).toBe('Thank you. Your top-up of £10.00 is credited: the balance above includes it.');
    expect(await balanceShown()).toContain('Balance £12.50');
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('try')).toMatch(/^\d+$/);
    expect(refusedByCsp).toEqual([]);
  }, 60_000);

  it('says the payment is received and the balance will update shortly when no notice comes in its tries, and stops reloading', async () => {
    await open(pass.download_url);
    await Promise.all([page.waitForURL(`${stripe.settings.apiUrl.origin}/checkout/**`), page.getByRole('button', { name: 'Top up £10.00' }).click()]);
    await open((await page.locator('#pay').getAttribute('href')) ?? '');
    expect(await page.locator('.topup-status').innerText()).toContain('being credited');
    await page.locator('.topup-status', { hasText: 'will update shortly' }).waitFor({ timeout: 90_000 });
    expect(await page.locator('.topup-status').innerText()).toBe('Thank you. Your payment is received; the balance will update shortly.');
    expect(new URL(page.url()).searchParams.get('try')).toBe('10');
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    expect(await balanceShown()).toContain('Balance £12.50');
    expect(refusedByCsp).toEqual([]);
  }, 120_000);

  it('says a cancelled top-up charged nothing, and follows no session id that is not one', async () => {
    await open(`${pass.download_url}?topup=cancelled`);
    expect(await page.locator('.topup-status').innerText()).toBe('The top-up was cancelled; nothing was charged.');
    await open(`${pass.download_url}?topup=paid&session=${encodeURIComponent('cs_1"><meta http-equiv="refresh" content="0">')}`);
    expect(await page.locator('.topup-status').innerText()).toBe('Thank you. Your payment is received; the balance will update shortly.');
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
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

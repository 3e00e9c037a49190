/**
 * The page behind a magic link, as a person sees it on a phone: headless Chromium, a screenshot, each
 * pass's QR code (no wallet is configured here, so no wallet button), what printing keeps, and the
 * honest messages for an expired or broken link. Everything on it is escaped; no script runs.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT } from '../testing/browser';
import { customerToken } from '../testing/customer-links';
import { issuePass, registerBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';

const HOSTILE_NAME = `<script>document.title='owned'</script> & "Co"`;

let server: TestServer, browser: Browser, page: Page, screenshots: string;
let token = '', dashboardToken = '', serials: string[] = [];
beforeAll(async () => {
  server = await TestServer.start();
  const cafe = await registerBusiness(server, 'Corner Café');
  const hostile = await registerBusiness(server, HOSTILE_NAME);
  const coffee = await issuePass(server, cafe, { customer_email: 'ann.lee@example.com', initial_balance: 12.5, points: 120 });
  await server.request('POST', `/businesses/${cafe.businessId}/passes/${coffee.id}/stamp?count=7`, { token: cafe.token });
  const other = await issuePass(server, hostile, { customer_email: 'Ann.Lee@example.com' });
  serials = [coffee.serial_number, other.serial_number];
  token = await customerToken(server, 'ann.lee@example.com');
  dashboardToken = cafe.token;
  screenshots = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-page-'));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: PHONE_VIEWPORT, deviceScaleFactor: 2 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(screenshots, { recursive: true, force: true });
});

/** Evaluated in the page; written as text because the tests are type-checked without the DOM library. */
const inPage = (expression: string): Promise<unknown> => page.evaluate(expression);
const customerPage = (query: string) => page.goto(`${server.rootUrl}/customer${query}`);

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('GET /customer?token=… in a phone-sized browser', () => {
  it('shows every pass of the email with its business, template, status, stamps, points and balance', async () => {
    const response = await customerPage(`?token=${encodeURIComponent(token)}`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Your passes');
    const cards = page.locator('li.pass');
    expect(await cards.count()).toBe(2);
    const cafeCard = (await cards.nth(0).innerText()).replace(/\s+/g, ' ');
    expect(cafeCard).toContain('Corner Café');
    expect(cafeCard).toContain('Coffee card');
    expect(cafeCard).toContain('Active');
    expect(cafeCard).toMatch(/Stamps 7 Points 120 Balance 12\.50/);
    expect(await cards.nth(0).locator('a.download').getAttribute('href')).toMatch(/^https:\/\/passes\.test\/passes\/PS-/);
    expect(await cards.nth(0).locator('a.download').innerText()).toBe('Open this pass to print or save it');
    for (const [index, serial] of serials.entries()) {
      const code = cards.nth(index).getByRole('img', { name: `QR code of pass ${serial}` });
      expect(await code.isVisible()).toBe(true);
      expect((await code.boundingBox())?.width).toBeGreaterThanOrEqual(200);
    }
    expect(await page.locator('a.wallet').count()).toBe(0);
    expect(await page.locator('body').innerText()).toContain('This link works until 10:15 UTC');

    const file = path.join(screenshots, 'customer-passes.png');
    await page.screenshot({ path: file, fullPage: true });
    const size = pngSize(file);
    expect(size.width).toBe(PHONE_VIEWPORT.width * 2);
    expect(size.height).toBeGreaterThan(400);
  });

  it('is readable on a phone: styled by its one allowed stylesheet, nothing wider than the screen', async () => {
    await customerPage(`?token=${encodeURIComponent(token)}`);
    expect(await inPage(`getComputedStyle(document.querySelector('a.download')).backgroundColor`)).toBe('rgb(11, 95, 255)');
    expect(await inPage('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(parseFloat(String(await inPage(`getComputedStyle(document.querySelector('h1')).fontSize`)))).toBeGreaterThanOrEqual(20);
  });

  it('prints every pass with its code, without the links', async () => {
    await customerPage(`?token=${encodeURIComponent(token)}`);
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.locator('li.pass svg.qr').count()).toBe(2);
      expect(await page.locator('li.pass svg.qr').nth(1).isVisible()).toBe(true);
      expect(await page.locator('a.download').nth(0).isVisible()).toBe(false);
      expect(await page.locator('.footnote').isVisible()).toBe(false);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('escapes what businesses wrote and runs no script, under a strict Content-Security-Policy', async () => {
    const response = await customerPage(`?token=${encodeURIComponent(token)}`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'$/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-store');
    expect(await page.locator('li.pass h2').nth(1).innerText()).toBe(HOSTILE_NAME);
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.title()).toBe('Your passes');
  });

  it("stops a pass's automation emails and turns them back on, by forms the policy lets post to the page's own origin", async () => {
    await customerPage(`?token=${encodeURIComponent(token)}`);
    const section = page.locator('li.pass').nth(0).locator('section.automation-emails');
    expect(await section.innerText()).toContain('Automation emails for this pass are on.');
    await section.getByRole('button', { name: 'Stop automation emails' }).click();
    await page.waitForURL(/\/automation-emails\/[^/]+\/[A-Za-z0-9_-]{43}$/);
    expect(await page.locator('h1').innerText()).toBe('Automation emails stopped');
    expect(await page.locator('main').innerText()).toContain('Corner Café');
    await page.screenshot({ path: path.join(screenshots, 'automation-emails-stopped.png'), fullPage: true });

    await customerPage(`?token=${encodeURIComponent(token)}`);
    expect(await section.innerText()).toMatch(/Automation emails for this pass are off \(since \d{4}-\d{2}-\d{2}\)\./);
    await section.getByRole('button', { name: 'Turn automation emails back on' }).click();
    await page.waitForURL(/\/resume$/);
    expect(await page.locator('h1').innerText()).toBe('Automation emails back on');
    await customerPage(`?token=${encodeURIComponent(token)}`);
    expect(await section.innerText()).toContain('Automation emails for this pass are on.');
  });

  it('says honestly that the link has expired once 15 minutes have passed', async () => {
    server.clock.advance(15 * 60_000);
    const response = await customerPage(`?token=${encodeURIComponent(token)}`);
    expect(response?.status()).toBe(401);
    expect(await page.locator('h1').innerText()).toBe('This link has expired');
    expect(await page.locator('main').innerText()).toContain('links to your passes work for 15 minutes');
    expect(await page.locator('li.pass').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/customer/link');
    const file = path.join(screenshots, 'customer-link-expired.png');
    await page.screenshot({ path: file, fullPage: true });
    expect(pngSize(file).width).toBe(PHONE_VIEWPORT.width * 2);
  });

  it.each([
    ['a tampered token', () => `?token=${encodeURIComponent(`${token.slice(0, -3)}abc`)}`],
    ['no token', () => ''],
    ['a malformed token', () => '?token=not.a.token'],
    ['a dashboard login token', () => `?token=${encodeURIComponent(dashboardToken)}`],
  ])('says the link does not work for %s', async (_case, query) => {
    const response = await customerPage(query());
    expect(response?.status()).toBe(401);
    expect(await page.locator('h1').innerText()).toBe("This link doesn't work");
    expect(await page.locator('li.pass').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/customer/link');
  });
});

/**
 * The download page as a holder sees it on a phone: headless Chromium, a screenshot, the pass's QR code,
 * a button per configured wallet and none without, what printing keeps, the void notice, escaped business
 * text, and no script under a strict CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT } from '../testing/browser';
import { customerToken } from '../testing/customer-links';
import { configureTemplate, issuePass, registerBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';
import { startWalletTestBed, type WalletTestBed } from '../testing/wallet-server';
import type { PassBody } from '../testing/wire-types';

const HOSTILE_NAME = `<img src=x onerror="document.title='owned'"> & "Café"`;

let bed: WalletTestBed, unconfigured: TestServer, browser: Browser, page: Page, screenshots: string;
let pass: PassBody, voided: PassBody, walletless: PassBody;
beforeAll(async () => {
  bed = await startWalletTestBed();
  unconfigured = await TestServer.start();
  const cafe = await registerBusiness(unconfigured);
  await configureTemplate(unconfigured, cafe, { scan_security: { signed_barcodes: true } });
  walletless = await issuePass(unconfigured, cafe, { customer_name: 'Ada Lovelace', points: 40 });
  const business = await registerBusiness(bed.server, HOSTILE_NAME);
  await configureTemplate(bed.server, business, { stamps_for_reward: 10, currency: 'GBP', colors: { background: '#1D3557', foreground: '#F1FAEE' } });
  pass = await issuePass(bed.server, business, { customer_name: 'Ada Lovelace', initial_balance: 12.5, points: 120 });
  await bed.server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=7`, { token: business.token });
  voided = await issuePass(bed.server, business, { customer_name: 'Grace Hopper' });
  await bed.server.request('DELETE', `/businesses/${business.businessId}/passes/${voided.id}`, { token: business.token });
  screenshots = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-download-page-'));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: PHONE_VIEWPORT, deviceScaleFactor: 2 });
});
afterAll(async () => {
  await browser?.close();
  await bed?.stop();
  await unconfigured?.stop();
  fs.rmSync(screenshots, { recursive: true, force: true });
});

const open = (link: string, server = bed.server) => page.goto(link.replace('https://passes.test', server.rootUrl));
const inPage = (expression: string): Promise<unknown> => page.evaluate(expression);

function pngWidth(file: string): number {
  return fs.readFileSync(file).readUInt32BE(16);
}

describe('the download page on a phone', () => {
  it('shows the pass in its template’s colours with a button for each wallet', async () => {
    const response = await open(pass.download_url);
    expect(response?.status()).toBe(200);
    const card = (await page.locator('section.card').innerText()).replace(/\s+/g, ' ');
    expect(card).toContain('Coffee card');
    expect(card).toContain('Ada Lovelace');
    expect(card).toMatch(/Stamps 7 \/ 10 Points 120 Balance £12\.50/);
    expect(await inPage(`getComputedStyle(document.querySelector('section.card')).backgroundColor`)).toBe('rgb(29, 53, 87)');
    const apple = page.locator('a.wallet.apple');
    const google = page.locator('a.wallet.google');
    expect(await apple.innerText()).toBe('Add to Apple Wallet');
    expect(await apple.getAttribute('href')).toBe(pass.apple_wallet_url);
    expect(await google.innerText()).toBe('Save to Google Wallet');
    expect(await google.getAttribute('href')).toBe(pass.google_wallet_url);
    expect(await page.getByRole('img', { name: `QR code of pass ${pass.serial_number}` }).isVisible()).toBe(true);
    expect(await inPage('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE_VIEWPORT.width);

    const file = path.join(screenshots, 'download-page.png');
    await page.screenshot({ path: file, fullPage: true });
    expect(pngWidth(file)).toBe(PHONE_VIEWPORT.width * 2);
  });

  it('escapes what the business wrote and runs no script, under a strict Content-Security-Policy', async () => {
    const response = await open(pass.download_url);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-store');
    expect(await page.locator('section.card h1').innerText()).toBe(HOSTILE_NAME);
    expect(await page.locator('script, img').count()).toBe(0);
    expect(await page.title()).not.toBe('owned');
  });

  it('says a voided pass is void and offers no wallet and no code', async () => {
    await open(voided.download_url);
    expect(await page.locator('.notice h2').innerText()).toBe('This pass is void');
    expect(await page.locator('a.wallet').count()).toBe(0);
    expect(await page.locator('svg').count()).toBe(0);
    const file = path.join(screenshots, 'download-page-void.png');
    await page.screenshot({ path: file, fullPage: true });
    expect(pngWidth(file)).toBe(PHONE_VIEWPORT.width * 2);
  });

  it('offers the same wallet buttons beside each pass’s code on the customer’s page', async () => {
    const business = await registerBusiness(bed.server, 'Corner Café');
    const mine = await issuePass(bed.server, business, { customer_email: 'ada@example.com' });
    await open(`${bed.server.rootUrl}/customer?token=${encodeURIComponent(await customerToken(bed.server, 'ada@example.com'))}`);
    const card = page.locator('li.pass');
    expect(await card.getByRole('img', { name: `QR code of pass ${mine.serial_number}` }).isVisible()).toBe(true);
    expect(await card.locator('a.wallet.apple').getAttribute('href')).toBe(mine.apple_wallet_url);
    expect(await card.locator('a.wallet.google').getAttribute('href')).toBe(mine.google_wallet_url);
  });

  it('shows the same honest 404 for a link without its secret, and the way to a working one', async () => {
    const response = await page.goto(`${bed.server.rootUrl}/passes/${pass.serial_number}/not-the-secret`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h2').innerText()).toBe("This link doesn't work");
    expect(await page.locator('body').innerText()).not.toContain('Ada Lovelace');
    expect(await page.getByRole('link', { name: 'Find your passes by email' }).getAttribute('href')).toBe('/customer/link');
  });
});

describe('the download page on a phone with no wallet configured', () => {
  it('shows the pass with a QR code big enough to scan, and no wallet button', async () => {
    const response = await open(walletless.download_url, unconfigured);
    expect(response?.status()).toBe(200);
    const card = (await page.locator('section.card').innerText()).replace(/\s+/g, ' ');
    expect(card).toMatch(/Ada Lovelace Active Stamps 0 Points 40/);
    const code = page.getByRole('img', { name: `QR code of pass ${walletless.serial_number}` });
    const box = await code.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(200);
    expect(box?.height).toBe(box?.width);
    expect(await page.locator('a.wallet, .notice').count()).toBe(0);
    expect(await page.locator('main').innerText()).toContain('Show this code at the counter');
    expect(await inPage('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const file = path.join(screenshots, 'download-page-no-wallet.png');
    await page.screenshot({ path: file, fullPage: true });
    expect(pngWidth(file)).toBe(PHONE_VIEWPORT.width * 2);
  });

  it('prints the pass and its code without the on-screen hints, and saves as a PDF', async () => {
    await open(walletless.download_url, unconfigured);
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.getByRole('img', { name: `QR code of pass ${walletless.serial_number}` }).isVisible()).toBe(true);
      expect(await page.locator('.hint').isVisible()).toBe(false);
      expect(await inPage(`getComputedStyle(document.body).backgroundColor`)).toBe('rgb(255, 255, 255)');
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });
});

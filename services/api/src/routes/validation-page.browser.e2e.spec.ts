/**
 * The validation page in headless Chromium on a phone-sized screen: it renders under its own
 * Content-Security-Policy (the style applies, nothing is refused), markup in a name stays text, and a
 * screenshot of each verdict is kept in the test's temporary directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT } from '../testing/browser';
import { configureTemplate, issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';

/** Run in the page, written as text: the tests are type-checked without the DOM's types. */
const BADGE_COLOUR = "getComputedStyle(document.querySelector('.badge')).backgroundColor";
const PAGE_WIDTH = 'document.documentElement.scrollWidth';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let server: TestServer, business: TestBusiness, browser: Browser, screenshots: string;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  browser = await launchBrowser();
  screenshots = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-validation-page-'));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server.stop();
  fs.rmSync(screenshots, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  status: number | undefined;
  /** Console errors, such as a Content-Security-Policy refusal. */
  errors: string[];
}

async function visit(message: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, deviceScaleFactor: 2, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(message.replace('https://passes.test', server.rootUrl));
  return { page, status: response?.status(), errors };
}

async function screenshot(page: Page, name: string): Promise<Buffer> {
  const file = path.join(screenshots, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return fs.readFileSync(file);
}

describe('the validation page in a phone browser', () => {
  it('shows a valid pass in green with its status and template, styled under the CSP, and screenshots it', async () => {
    await configureTemplate(server, business, { name: 'Corner Café coffee card', scan_security: { signed_barcodes: true } });
    const pass = await issuePass(server, business, { customer_name: 'Ada Lovelace' });
    const { page, status, errors } = await visit(pass.barcode.message);
    expect(status).toBe(200);
    expect(errors).toEqual([]);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Valid pass');
    expect(text).toContain('Status: Active');
    expect(text).toContain('Corner Café coffee card');
    expect(text).not.toContain('Ada');
    // The inline style is allowed by its hash: the badge is green, not unstyled.
    expect(await page.evaluate(BADGE_COLOUR)).toBe('rgb(26, 127, 55)');
    // Nothing runs off the side of a phone screen.
    expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const png = await screenshot(page, 'valid');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.length).toBeGreaterThan(10_000);
    expect(png.readUInt32BE(16)).toBe(PHONE_VIEWPORT.width * 2);
    await page.context().close();
  });

  it('shows a forged barcode as not valid in red, telling nothing of the pass, and screenshots it', async () => {
    const pass = await issuePass(server, business);
    const { page, status, errors } = await visit(`https://passes.test/validate/${pass.serial_number}?sig=forged`);
    expect(status).toBe(200);
    expect(errors).toEqual([]);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Not valid');
    expect(text).toContain('does not match');
    expect(text).not.toContain('Status');
    expect(await page.evaluate(BADGE_COLOUR)).toBe('rgb(198, 40, 40)');
    expect((await screenshot(page, 'forged')).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    await page.context().close();
  });

  it('keeps markup in a template name as text: no element is made of it and nothing runs', async () => {
    await configureTemplate(server, business, { name: '<img src=x onerror="document.title=1">Card', scan_security: { signed_barcodes: false } });
    const pass = await issuePass(server, business);
    const { page, errors } = await visit(pass.barcode.message);
    expect(errors).toEqual([]);
    expect(await page.locator('img, script').count()).toBe(0);
    expect(await page.title()).toBe('Valid pass');
    expect(await page.locator('.template').innerText()).toBe('<img src=x onerror="document.title=1">Card');
    await page.context().close();
  });
});

/**
 * Scanning at the counter with a camera: the pass's barcode, as the dashboard draws it and as the
 * holder's download page shows it with no wallet configured, becomes a Y4M video that Chromium's fake
 * camera plays; the scan screen reads the QR code from it (jsQR), verifies it (signed barcode), and checks
 * the pass in and stamps it with one tap each. Without a camera, a typed bare serial number is looked up:
 * found, not verified, with the holder's name to check, and checked in by the pass's action; typed in
 * lower case it is found all the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { configureTemplate, issuePass, registerBusiness, type TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import type { HistoryBody, PassBody } from '../../../api/src/testing/wire-types';
import { launchDashboardBrowser, logIn, openDashboard, screenshotBothSizes, unexpectedErrors } from './support/dashboard-browser';
import { pngToGrey } from './support/png';
import { centredOnWhite, y4mVideo } from './support/y4m';

const TEST_MS = 90_000;

let server: TestServer, business: TestBusiness, pass: PassBody, video: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  await configureTemplate(server, business, { scan_security: { signed_barcodes: true } });
  pass = await issuePass(server, business, { customer_name: 'Grace Hopper' });
  video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'passes-camera-')), 'pass.y4m');
}, TEST_MS);

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await server?.stop();
  fs.rmSync(path.dirname(video), { recursive: true, force: true });
});

async function browser(fakeVideo?: string): Promise<Browser> {
  const launched = await launchDashboardBrowser(fakeVideo);
  browsers.push(launched);
  return launched;
}

describe('scanning a pass at the counter', () => {
  it(
    'reads the QR code the dashboard draws from the camera, then checks the pass in and stamps it in one tap each',
    async () => {
      // The barcode exactly as the pass page shows it, filmed by the fake camera.
      const drawing = await openDashboard(await browser(), server.rootUrl);
      await logIn(drawing.page, business.email, business.password);
      await drawing.page.goto(`/dashboard/passes/${pass.id}`);
      const barcode = drawing.page.getByRole('img', { name: `Barcode of pass ${pass.serial_number}` });
      expect(await barcode.getAttribute('data-barcode-message')).toBe(pass.barcode.message);
      const picture = pngToGrey(await barcode.screenshot());
      fs.writeFileSync(video, y4mVideo(centredOnWhite(picture, 640, 480)));

      const counter = await openDashboard(await browser(video), server.rootUrl);
      const { page } = counter;
      await logIn(page, business.email, business.password);
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Scan', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Scan a pass' }).waitFor();
      await screenshotBothSizes(page, 'scan');

      await page.getByRole('button', { name: 'Start camera' }).click();
      const result = page.getByTestId('scan-result');
      await result.waitFor({ timeout: 30_000 });
      expect(await result.getByRole('heading').innerText()).toBe('Valid pass');
      expect(await result.innerText()).toContain(pass.serial_number);
      expect(await page.getByTestId('scan-stamps').innerText()).toBe('0');
      await screenshotBothSizes(page, 'scan-result');

      await result.getByRole('button', { name: 'Check in' }).click();
      await result.getByText('Checked in.').waitFor();
      await result.locator('.badge', { hasText: /^checked in$/ }).waitFor();
      await result.getByRole('button', { name: 'Add a stamp' }).click();
      await result.getByText('Stamp added.').waitFor();
      expect(await page.getByTestId('scan-stamps').innerText()).toBe('1');

      const after = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
      expect(after.body).toMatchObject({ status: 'checked_in', stamps: 1 });
      const history = await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: business.token });
      expect(history.body.data.map((event) => event.type)).toEqual(['PassIssued', 'PassScanned', 'PassScanned', 'PassCheckedIn', 'PassStamped']);
      expect(history.body.data[1]?.data).toMatchObject({ mode: 'verify', valid: true });
      expect(history.body.data[2]?.data).toMatchObject({ mode: 'checkin', valid: true, checked_in: true });
      expect(unexpectedErrors(counter.errors)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'reads the QR code of the holder’s download page, with no wallet configured, as a valid pass',
    async () => {
      const holder = await issuePass(server, business, { customer_name: 'Ada Lovelace' });
      const phone = await (await browser()).newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(holder.download_url.replace('https://passes.test', server.rootUrl));
      const code = phone.getByRole('img', { name: `QR code of pass ${holder.serial_number}` });
      fs.writeFileSync(video, y4mVideo(centredOnWhite(pngToGrey(await code.screenshot()), 640, 480)));

      const { page, errors } = await openDashboard(await browser(video), server.rootUrl);
      await logIn(page, business.email, business.password);
      await page.goto('/dashboard/scan');
      await page.getByRole('button', { name: 'Start camera' }).click();
      const result = page.getByTestId('scan-result');
      await result.waitFor({ timeout: 30_000 });
      expect(await result.getByRole('heading').innerText()).toBe('Valid pass');
      expect(await result.innerText()).toContain(holder.serial_number);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'looks up a bare serial number typed when there is no camera: found, not verified, checked in by the pass’s action',
    async () => {
      const typed = await issuePass(server, business, { customer_name: 'Grace Hopper' });
      const { page, errors } = await openDashboard(await browser(), server.rootUrl);
      await logIn(page, business.email, business.password);
      await page.goto('/dashboard/scan');
      await page.getByLabel('Code', { exact: true }).fill(typed.serial_number);
      await page.getByRole('button', { name: 'Check code' }).click();
      const result = page.getByTestId('scan-result');
      await result.waitFor();
      expect(await result.getByRole('heading').innerText()).toBe('Pass found by its serial number');
      expect(await result.innerText()).toContain('check that the customer holds this pass');
      expect(await result.innerText()).toContain('Grace Hopper');
      await screenshotBothSizes(page, 'scan-typed-serial');

      await result.getByRole('button', { name: 'Check in' }).click();
      await result.getByText('Checked in.').waitFor();
      await result.getByRole('button', { name: 'Add a stamp' }).click();
      await result.getByText('Stamp added.').waitFor();
      expect(await page.getByTestId('scan-stamps').innerText()).toBe('1');
      const history = await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/${typed.id}/events`, { token: business.token });
      expect(history.body.data.map((event) => event.type)).toEqual(['PassIssued', 'PassScanned', 'PassCheckedIn', 'PassStamped']);
      expect(history.body.data[1]?.data).toMatchObject({ mode: 'verify', valid: false, reason: 'missing_signature' });
      expect(unexpectedErrors(errors)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'finds a serial number typed in lower case, with a phone’s capital first letter, and asks a phone’s keyboard for capitals',
    async () => {
      const typed = await issuePass(server, business, { customer_name: 'Katherine Johnson' });
      const { page, errors } = await openDashboard(await browser(), server.rootUrl);
      await logIn(page, business.email, business.password);
      await page.goto('/dashboard/scan');
      const field = page.getByLabel('Code', { exact: true });
      expect(await field.getAttribute('autocapitalize')).toBe('characters');
      await field.fill(`P${typed.serial_number.slice(1).toLowerCase()}`);
      await page.getByRole('button', { name: 'Check code' }).click();
      const result = page.getByTestId('scan-result');
      await result.waitFor();
      expect(await result.getByRole('heading').innerText()).toBe('Pass found by its serial number');
      expect(await result.innerText()).toContain('Katherine Johnson');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'still refuses a typed code that is not the pass’s: a validation link with a wrong signature',
    async () => {
      const { page, errors } = await openDashboard(await browser(), server.rootUrl);
      await logIn(page, business.email, business.password);
      await page.goto('/dashboard/scan');
      await page.getByLabel('Code', { exact: true }).fill(pass.barcode.message.replace(/sig=./, (text) => (text.endsWith('A') ? 'sig=B' : 'sig=A')));
      await page.getByRole('button', { name: 'Check code' }).click();
      const result = page.getByTestId('scan-result');
      await result.waitFor();
      expect(await result.getByRole('heading').innerText()).toBe('Not valid');
      expect(await result.innerText()).toContain('The signature does not match');
      expect(await result.getByRole('button', { name: 'Check in' }).count()).toBe(0);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
    TEST_MS,
  );
});

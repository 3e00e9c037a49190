/**
 * Browsing passes and customers in the dashboard, in headless Chromium against the real embedded stack:
 * the Passes screen lists every pass with whom it is for, page by page ("Show more"), searches by the
 * beginning of a name, filters by status and opens a pass named by its external id; the Customers screen
 * lists the customers, finds one by the beginning of an email and shows their passes and totals; a scan
 * names the holder. Screens are kept at phone and desktop sizes under test-artifacts/dashboard/.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { issuePass, type TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import type { PassBody } from '../../../api/src/testing/wire-types';
import { openSection, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;
/** More than a page (50), so the list has a next one. */
const OTHERS = 52;
const LONG_EMAIL = 'maximilianus.bartholomew.featherstonehaugh@averyveryverylongdomainname.example.co.uk';

let server: TestServer, business: TestBusiness, dashboard: DashboardPage, page: Page;
let ada: PassBody, grace: PassBody;
const sessions = dashboardSessions();

beforeAll(async () => {
  ({ server, business, dashboard, page } = await sessions.start(() => TestServer.start(), {
    prepare: async (server, business) => {
      ada = await issuePass(server, business, { customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', external_id: 'crm-7' });
      grace = await issuePass(server, business, { customer_name: 'Grace Hopper', customer_email: 'grace@navy.mil' });
      const voided = await issuePass(server, business, { customer_email: 'grace@navy.mil' });
      await server.request('DELETE', `/businesses/${business.businessId}/passes/${voided.id}`, { token: business.token });
      await server.request('POST', `/businesses/${business.businessId}/passes/${grace.id}/stamp?count=4`, { token: business.token });
      for (let index = 0; index < OTHERS; index++) await issuePass(server, business, { customer_name: `Regular ${index}` });
    },
  }));
}, STEP_MS);

const nav = (section: string) => openSection(page, section);
const passRows = () => page.getByRole('list', { name: 'Passes' }).locator('li');
const search = async (label: string, text: string) => {
  await page.getByLabel(label).fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
};

describe('browsing passes and customers in the dashboard', () => {
  it(
    'lists every pass with whom it is for, a page at a time',
    async () => {
      await nav('Passes');
      await page.getByRole('heading', { level: 2, name: '50+ passes' }).waitFor();
      expect(await passRows().count()).toBe(50);
      expect(await passRows().first().locator('.holder').innerText()).toBe('Ada Lovelace');
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      await screenshotBothSizes(page, 'passes-list');
      await page.getByRole('button', { name: 'Show more' }).click();
      await page.getByRole('heading', { level: 2, name: `${OTHERS + 3} passes` }).waitFor();
      expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    },
    STEP_MS,
  );

  it(
    'searches by the beginning of a name, filters by status, and opens a pass named by its external id',
    async () => {
      await search('Find a pass', 'lovel');
      await page.getByRole('heading', { level: 2, name: '1 pass for “lovel”' }).waitFor();
      expect(await passRows().locator('.holder').allInnerTexts()).toEqual(['Ada Lovelace']);

      await search('Find a pass', 'navy');
      await page.getByRole('heading', { level: 2, name: '2 passes for “navy”' }).waitFor();
      await page.getByLabel('Status').selectOption('voided');
      await page.getByRole('heading', { level: 2, name: '1 pass for “navy”' }).waitFor();
      expect(await passRows().first().getByText('voided', { exact: true }).count()).toBe(1);
      await page.getByLabel('Status').selectOption('');

      await search('Find a pass', 'CRM-7');
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      expect(page.url()).toContain(`/dashboard/passes/${ada.id}`);
    },
    STEP_MS,
  );

  it(
    "lists the customers, finds one by the beginning of an email, and shows their passes and totals",
    async () => {
      await nav('Customers');
      await page.getByRole('heading', { level: 2, name: '2 customers' }).waitFor();
      await screenshotBothSizes(page, 'customers');
      await search('Find a customer', 'grace@n');
      await page.getByRole('heading', { level: 2, name: '1 customer for “grace@n”' }).waitFor();
      await page.locator('[data-customer-email="grace@navy.mil"]').getByText('2 passes · 4 stamps').waitFor();
      await page.getByRole('link', { name: 'Grace Hopper' }).click();
      await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
      expect(await passRows().count()).toBe(2);
      await screenshotBothSizes(page, 'customer');
    },
    STEP_MS,
  );

  it(
    'names the holder of a scanned pass',
    async () => {
      await nav('Scan');
      const form = page.getByRole('form', { name: 'Enter a code' });
      await form.getByLabel('Code').fill(grace.barcode.message);
      await form.getByRole('button', { name: 'Check code' }).click();
      expect(await page.getByTestId('scan-holder').innerText()).toBe('Grace Hopper');
    },
    STEP_MS,
  );

  it(
    'fits a 390 px phone on the lists and broke no CSP rule',
    async () => {
      await page.setViewportSize(PHONE);
      await nav('Passes');
      await passRows().first().waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      await nav('Customers');
      await page.getByRole('list', { name: 'Customers' }).locator('li').first().waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );

  it(
    'keeps a long email, name and external id inside a 390 px phone, the status beside them, not on them',
    async () => {
      await issuePass(server, business, {
        customer_name: 'Maximilianus Bartholomew Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff',
        customer_email: LONG_EMAIL,
        external_id: 'crm-0000000000000000000000000000000000000000000000000000000000000001',
      });
      await page.setViewportSize(PHONE);
      await nav('Passes');
      await search('Find a pass', 'Maximilianus');
      await page.getByRole('heading', { level: 2, name: '1 pass for “Maximilianus”' }).waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      const text = await passRows().first().locator('div').first().boundingBox();
      const badge = await passRows().first().locator('.badge').boundingBox();
      if (!text || !badge) throw new Error('the row shows no text or no status');
      expect(badge.x >= text.x + text.width || badge.y >= text.y + text.height).toBe(true);
      expect(badge.x + badge.width).toBeLessThanOrEqual(PHONE.width);

      await nav('Customers');
      await search('Find a customer', 'maximilianus');
      await page.locator(`[data-customer-email="${LONG_EMAIL}"]`).waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      await screenshotBothSizes(page, 'customers-long-email');
    },
    STEP_MS,
  );
});

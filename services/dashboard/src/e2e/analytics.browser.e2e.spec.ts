/**
 * The analytics screen in headless Chromium against the real embedded stack: the totals and a chart for
 * each kind of figure over the last 30 days, another range by preset and by template, the page within its
 * CSP (no console errors) and no wider than a phone; the export followed to ready and downloaded as CSV;
 * Free's export as the invitation to upgrade. Screens are kept at phone and desktop sizes under
 * test-artifacts/dashboard/.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { issuePass, registerBusiness, type TestBusiness } from '../../../api/src/testing/fixtures';
import { ManualClock } from '../../../api/src/testing/manual-clock';
import { TestServer } from '../../../api/src/testing/test-server';
import { logIn, openDashboard, openSection, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;

let server: TestServer, free: TestBusiness, browser: Browser, dashboard: DashboardPage, page: Page;
const sessions = dashboardSessions();

beforeAll(async () => {
  // The screen's presets end today by the browser's clock, so the passes' events happen at today's time too.
  ({ server, browser, dashboard, page } = await sessions.start(() => TestServer.start(new ManualClock(new Date()), { workPollIntervalMs: 20 }), {
    prepare: async (server, business) => {
      free = await registerBusiness(server, 'Free Café');
      await server.changePlan(business.businessId, 'pro');
      for (let index = 0; index < 4; index++) {
        const pass = await issuePass(server, business, { initial_balance: 10 });
        await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=${index + 1}`, { token: business.token });
        await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/topup?amount=5`, { token: business.token });
      }
    },
  }));
}, STEP_MS);

const nav = (section: string) => openSection(page, section);
const total = (label: string) => page.locator('dl[aria-label="Totals"] div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

describe('the analytics screen', () => {
  it(
    'shows the totals and a chart of each kind of figure for the last 30 days, within its CSP',
    async () => {
      await nav('Analytics');
      await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
      await page.locator('dl[aria-label="Totals"]').waitFor();
      // Pro: no word of upgrading.
      expect(await page.getByTestId('pro-notice').count()).toBe(0);
      expect(await total('Issued').innerText()).toBe('4');
      expect(await total('Stamps').innerText()).toBe('10');
      expect(await total('Active passes').innerText()).toBe('4');
      const charts = page.locator('figure.analytics-chart canvas');
      expect(await charts.count()).toBe(8);
      expect(await page.getByRole('img', { name: /^Money in and out: Topped up £20\.00, Charged £0\.00 over 30 days$/ }).count()).toBe(1);
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      await screenshotBothSizes(page, 'analytics');
    },
    STEP_MS,
  );

  it(
    'changes the range by preset and narrows to a template',
    async () => {
      const pressed = () => page.getByRole('group', { name: 'Last' }).locator('[aria-pressed="true"]').allInnerTexts();
      expect(await pressed()).toEqual(['30 days']);
      await page.getByRole('button', { name: '7 days' }).click();
      await page.getByRole('img', { name: /Passes issued: .* over 7 days$/ }).waitFor();
      expect(await pressed()).toEqual(['7 days']);
      await page.getByLabel('Template').selectOption({ label: 'Coffee card' });
      await page.getByRole('img', { name: /Stamps: Stamps given 10 over 7 days$/ }).waitFor();
      // Dates picked by hand are no preset.
      await page.getByLabel('From').fill('2026-01-01');
      expect(await pressed()).toEqual([]);
      await page.getByRole('button', { name: '12 months' }).click();
      await page.getByRole('img', { name: /Passes issued: .* over 365 days$/ }).waitFor();
      expect(await pressed()).toEqual(['12 months']);
    },
    STEP_MS,
  );

  it(
    'exports the days as CSV: the status followed to ready, then the file downloaded',
    async () => {
      await page.getByLabel('What to export').selectOption('daily');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.getByRole('button', { name: 'Download CSV' }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Ready' }).innerText()).toContain('365 rows');
      await screenshotBothSizes(page, 'analytics-export');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      const file = await download.path();
      const lines = fs.readFileSync(file, 'utf8').split('\r\n');
      expect(lines[0]).toMatch(/^date,passes_issued,passes_voided,wallet_installs,/);
      expect(lines.filter((line) => line !== '')).toHaveLength(366);
    },
    STEP_MS,
  );

  it(
    'is readable on a phone: nothing wider than the screen, and no console errors',
    async () => {
      await page.setViewportSize(PHONE);
      await page.getByRole('img', { name: /Passes issued/ }).waitFor();
      // At once: the charts redraw at the new width only once the browser reports the resize, and must not
      // widen the page meanwhile.
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );

  it(
    "tells Free at the top that the export needs Pro, and shows Free's export as the invitation to upgrade",
    async () => {
      const freeDashboard = await openDashboard(browser, server.rootUrl);
      await logIn(freeDashboard.page, free.email, free.password);
      await freeDashboard.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Analytics', exact: true }).click();
      // Before the export is asked for, with its form still there to see.
      const notice = freeDashboard.page.getByTestId('pro-notice');
      await notice.waitFor();
      expect(await notice.getByRole('heading').innerText()).toBe('Analytics export comes with Pro');
      expect(await freeDashboard.page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(true);
      await freeDashboard.page.getByRole('button', { name: 'Export CSV' }).click();
      await freeDashboard.page.getByTestId('upgrade-prompt').getByRole('heading', { name: 'Analytics export comes with Pro' }).waitFor();
      await freeDashboard.context.close();
    },
    STEP_MS,
  );
});

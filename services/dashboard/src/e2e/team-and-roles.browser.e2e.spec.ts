/**
 * The team and roles in the dashboard, in headless Chromium against the real embedded stack: the owner
 * invites a barista as staff from the Team screen; the barista opens the mailed link on a phone, chooses a
 * password and lands in a dashboard that offers only what staff may do (no templates, keys, webhooks or
 * team; no issuing, voiding or reactivating) while stamping still works; promoted to manager they see
 * templates and issuing; removed, their session ends on their next call. Screens are kept at phone and
 * desktop sizes under test-artifacts/dashboard/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { issuePass, registerBusiness, type TestBusiness } from '../../../api/src/testing/fixtures';
import { inviteTokenFor } from '../../../api/src/testing/mailed-links';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, launchDashboardBrowser, logIn, openDashboard, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';

const STEP_MS = 60_000;
const BARISTA = 'bea@example.com';

let server: TestServer, business: TestBusiness, browser: Browser;
let owner: DashboardPage, barista: DashboardPage;
let passId = '';

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  passId = (await issuePass(server, business)).id;
  browser = await launchDashboardBrowser();
  owner = await openDashboard(browser, server.rootUrl);
  barista = await openDashboard(browser, server.rootUrl, PHONE);
  await logIn(owner.page, business.email, business.password);
}, STEP_MS);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allInnerTexts();
const teamRow = (page: Page, email: string) => page.locator(`[data-user-email="${email}"]`);

describe('the team and its roles in the dashboard', () => {
  it(
    'the owner invites a barista as staff from the Team screen, the form checking the email first',
    async () => {
      const page = owner.page;
      expect(await navLinks(page)).toEqual(['Home', 'Templates', 'Passes', 'Customers', 'Campaigns', 'Automations', 'Scan', 'Analytics', 'API keys', 'Webhooks', 'Team', 'Payments']);
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }).click();
      await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
      await teamRow(page, business.email).getByText('you').waitFor();
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);

      const form = page.getByRole('form', { name: 'Invite someone' });
      await form.getByLabel('Email').fill('not an email');
      await form.getByRole('button', { name: 'Send invite' }).click();
      expect(await fieldError(page, 'Email')).toBe('must be a valid email address');

      await form.getByLabel('Email').fill(BARISTA);
      await form.getByLabel('Role').selectOption('staff');
      await form.getByRole('button', { name: 'Send invite' }).click();
      await page.getByRole('status').filter({ hasText: `Invite sent to ${BARISTA}` }).waitFor();
      await teamRow(page, BARISTA).getByText('invited', { exact: true }).waitFor();
      await screenshotBothSizes(page, 'team');
    },
    STEP_MS,
  );

  it(
    'the barista accepts the mailed link on a phone and sees only what staff may do',
    async () => {
      const page = barista.page;
      await page.goto(`/dashboard/accept-invite?token=${encodeURIComponent(await inviteTokenFor(server, BARISTA))}`);
      await page.getByRole('heading', { level: 1, name: 'Accept your invite' }).waitFor();
      await page.getByLabel('Your name').fill('Bea');
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Join the team' }).click();
      expect(await fieldError(page, 'Password')).toBe('must be at least 10 characters');
      await screenshotBothSizes(page, 'accept-invite');
      await page.getByLabel('Password').fill('barista-password');
      await page.getByRole('button', { name: 'Join the team' }).click();
      await page.getByRole('heading', { name: 'Plan:' }).waitFor();
      await page.getByRole('link', { name: 'Scan a pass at the counter' }).waitFor();
      expect(await navLinks(page)).toEqual(['Home', 'Passes', 'Customers', 'Scan']);
      expect(await page.getByRole('link', { name: 'Issue a pass' }).count()).toBe(0);

      await page.goto(`/dashboard/passes/${passId}`);
      await page.getByRole('button', { name: 'Check in' }).waitFor();
      expect(await page.getByRole('button', { name: 'Void' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Add stamps' }).click();
      await page.getByRole('status').filter({ hasText: '1 stamp added.' }).waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);

      await page.goto('/dashboard/passes');
      await page.getByRole('heading', { level: 1, name: 'Passes' }).waitFor();
      expect(await page.getByRole('link', { name: 'Issue a pass' }).count()).toBe(0);
      expect(await page.getByRole('list', { name: 'Passes' }).innerText()).toContain('1 stamp · 0 points');
      await screenshotBothSizes(page, 'staff-passes');
    },
    STEP_MS,
  );

  it(
    'the barista opening the Team, Analytics or issue screen by its address sees only that it is not hers and the way back',
    async () => {
      const page = barista.page;
      await page.goto('/dashboard/team');
      await page.getByRole('heading', { level: 1, name: 'Not for your role' }).waitFor();
      expect(await page.locator('main').innerText()).toContain('This screen is for owners; your role here is Staff.');
      expect(await page.getByRole('form').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Send invite' }).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      await screenshotBothSizes(page, 'staff-team-by-address');

      await page.goto('/dashboard/analytics');
      await page.getByRole('heading', { level: 1, name: 'Not for your role' }).waitFor();
      expect(await page.locator('main').innerText()).toContain('This screen is for managers and owners; your role here is Staff.');
      expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

      await page.goto('/dashboard/passes/new');
      await page.getByRole('heading', { level: 1, name: 'Not for your role' }).waitFor();
      expect(await page.getByRole('button', { name: 'Issue pass' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back to the home screen' }).click();
      await page.getByRole('heading', { name: 'Plan:' }).waitFor();
    },
    STEP_MS,
  );

  it(
    'the owner sees the barista joined, makes her a manager, and her dashboard offers templates and issuing',
    async () => {
      await owner.page.reload();
      const row = teamRow(owner.page, BARISTA);
      await row.getByText('Bea', { exact: true }).waitFor();
      await row.getByText('active', { exact: true }).waitFor();
      await row.getByLabel(`Role of ${BARISTA}`).selectOption('manager');
      await owner.page.getByRole('status').filter({ hasText: `${BARISTA} is now Manager.` }).waitFor();

      await barista.page.goto('/dashboard/passes');
      await barista.page.getByRole('link', { name: 'Issue a pass' }).waitFor();
      expect(await navLinks(barista.page)).toEqual(['Home', 'Templates', 'Passes', 'Customers', 'Campaigns', 'Automations', 'Scan', 'Analytics']);

      // Free's second template: a manager is pointed to the owner, who alone may subscribe.
      await barista.page.goto('/dashboard/templates/new');
      await barista.page.getByLabel('Name', { exact: true }).fill('Second card');
      await barista.page.getByRole('button', { name: 'Create template' }).click();
      const prompt = barista.page.getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.innerText()).toContain('ask the business’s owner to subscribe to Pro');
      expect(await prompt.getByRole('link', { name: 'Payments' }).count()).toBe(0);
    },
    STEP_MS,
  );

  it(
    "removed, the barista's session ends on her next call",
    async () => {
      const row = teamRow(owner.page, BARISTA);
      // The row shows whose they are; a screen reader hears it in their names.
      expect(await row.getByRole('button', { name: `Remove ${BARISTA}` }).innerText()).toBe('Remove');
      expect(await row.locator('label').innerText()).toBe('Role');
      await row.getByRole('button', { name: `Remove ${BARISTA}` }).click();
      await row.getByRole('button', { name: 'Remove now' }).click();
      await owner.page.getByRole('status').filter({ hasText: `${BARISTA} was removed` }).waitFor();
      expect(await teamRow(owner.page, BARISTA).count()).toBe(0);

      await barista.page.goto(`/dashboard/passes/${passId}`);
      await barista.page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await barista.page.getByText('Your session has ended.').waitFor();
    },
    STEP_MS,
  );

  it(
    'fits a 390 px phone on the Team screen and broke no CSP rule',
    async () => {
      await owner.page.setViewportSize(PHONE);
      await owner.page.reload();
      await teamRow(owner.page, business.email).waitFor();
      expect(await owner.page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(owner.errors)).toEqual([]);
      expect(unexpectedErrors(barista.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

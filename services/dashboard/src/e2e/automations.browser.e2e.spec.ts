/**
 * Automations in the dashboard, in headless Chromium against the real embedded stack: on Free, adding one
 * is the invitation to upgrade; on Pro, a rule built in the form (points for every new pass), a pass issued
 * that gets them, the rule's runs, a test on a pass, pausing and enabling it, and a bad value refused beside
 * its field. Screens are kept at phone and desktop sizes under test-artifacts/dashboard/.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { configureTemplate, issuePass, type TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, openSection, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;

let server: TestServer, business: TestBusiness, dashboard: DashboardPage, page: Page;
const sessions = dashboardSessions();

beforeAll(async () => {
  ({ server, business, dashboard, page } = await sessions.start(() => TestServer.start(undefined, { workPollIntervalMs: 50 })));
}, STEP_MS);

const nav = (section: string) => openSection(page, section);
const form = () => page.getByRole('form', { name: 'Add an automation' });
const row = (name: string) => page.locator(`[data-automation-name="${name}"]`);

async function addWelcomeRule(): Promise<void> {
  await form().getByLabel('Automation name').fill('Welcome points');
  await form().getByLabel('When').selectOption('pass_issued');
  await form().getByLabel('Points (action 1)').fill('10');
  await form().getByRole('button', { name: 'Add automation' }).click();
}

describe('the Automations screen', () => {
  it(
    'tells Free at the top that automations need Pro, and shows the invitation to upgrade instead of adding one',
    async () => {
      await nav('Automations');
      await page.getByRole('heading', { level: 1, name: 'Automations' }).waitFor();
      // Before anything is filled in, with the form still there to see.
      const notice = page.getByTestId('pro-notice');
      await notice.waitFor();
      expect(await notice.getByRole('heading').innerText()).toBe('Automations come with Pro');
      expect(await notice.innerText()).toContain('adding one needs Pro');
      expect(await form().isVisible()).toBe(true);
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      await addWelcomeRule();
      const prompt = page.getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getByRole('heading').innerText()).toBe('Automations come with Pro');
      expect(await row('Welcome points').count()).toBe(0);
      await screenshotBothSizes(page, 'automations-upgrade');
    },
    STEP_MS,
  );

  it(
    'builds a rule on Pro that gives every new pass its points, and lists its runs',
    async () => {
      await server.changePlan(business.businessId, 'pro');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Automations' }).waitFor();
      await form().waitFor();
      expect(await page.getByTestId('pro-notice').count()).toBe(0);
      await form().getByLabel('Automation name').fill('Too quiet');
      await form().getByLabel('When').selectOption('inactive');
      await form().getByLabel('Quiet days').fill('400');
      await form().getByRole('button', { name: 'Add automation' }).click();
      await form().getByLabel('Quiet days').and(page.locator('[aria-invalid="true"]')).waitFor();
      await form().getByLabel('When').selectOption('pass_issued');
      await form().getByLabel('Automation name').fill('');
      await addWelcomeRule();
      await row('Welcome points').waitFor();
      expect(await row('Welcome points').innerText()).toContain('When a pass is issued');
      expect(await row('Welcome points').locator('.badge').innerText()).toMatch(/^active$/i);

      const pass = await issuePass(server, business);
      await row('Welcome points').getByRole('link', { name: 'Welcome points' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome points' }).waitFor();
      for (let attempt = 0; attempt < 50 && (await page.getByRole('table', { name: 'Runs, newest first' }).count()) === 0; attempt++) {
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Welcome points' }).waitFor();
      }
      const runs = page.getByRole('table', { name: 'Runs, newest first' });
      expect(await runs.innerText()).toContain(pass.id);
      expect(await runs.innerText()).toContain('issued');
      expect(await runs.locator('.badge').first().innerText()).toMatch(/^done$/i);
      // Each run's pass opens its page.
      expect(await runs.getByRole('link', { name: pass.id }).getAttribute('href')).toMatch(new RegExp(`/passes/${pass.id}$`));

      await page.getByLabel('Pass (id, serial number or external id)').fill(pass.serial_number);
      await page.getByRole('button', { name: 'Test' }).click();
      const result = page.locator('[data-would-fire]');
      await result.waitFor();
      expect(await result.getAttribute('data-would-fire')).toBe('false');
      expect(await result.innerText()).toContain('already ran');
      await screenshotBothSizes(page, 'automation-runs');
    },
    STEP_MS,
  );

  it(
    'pauses and enables the rule',
    async () => {
      await nav('Automations');
      expect(await row('Welcome points').getByRole('button', { name: 'Pause Welcome points' }).innerText()).toBe('Pause');
      expect(await row('Welcome points').getByRole('button', { name: 'Delete Welcome points' }).innerText()).toBe('Delete');
      await row('Welcome points').getByRole('button', { name: 'Pause Welcome points' }).click();
      await row('Welcome points').getByRole('button', { name: 'Enable Welcome points' }).waitFor();
      expect(await row('Welcome points').locator('.badge').innerText()).toMatch(/^paused$/i);
      await row('Welcome points').getByRole('button', { name: 'Enable Welcome points' }).click();
      await row('Welcome points').getByRole('button', { name: 'Pause Welcome points' }).waitFor();
      await screenshotBothSizes(page, 'automations');
    },
    STEP_MS,
  );

  it(
    'takes a balance threshold in pounds and shows it as money in the list, on the rule and in its test',
    async () => {
      await configureTemplate(server, business, { currency: 'GBP' });
      const pass = await issuePass(server, business, { initial_balance: 20 });
      await page.goto('/dashboard/automations');
      await form().getByLabel('Automation name').fill('Running low');
      await form().getByLabel('When').selectOption('balance_below');
      await form().getByLabel('Balance amount').fill('5p');
      await form().getByRole('button', { name: 'Add automation' }).click();
      expect(await fieldError(page, 'Balance amount')).toContain('such as 5 or 2.50');
      await form().getByLabel('Balance amount').fill('5');
      await form().getByRole('button', { name: 'Add automation' }).click();
      await row('Running low').waitFor();
      expect(await row('Running low').innerText()).toContain('When the balance falls below £5.00');

      await row('Running low').getByRole('link', { name: 'Running low' }).click();
      await page.getByRole('heading', { level: 1, name: 'Running low' }).waitFor();
      await page.getByText('When the balance falls below £5.00').waitFor();
      await page.getByLabel('Pass (id, serial number or external id)').fill(pass.serial_number);
      await page.getByRole('button', { name: 'Test' }).click();
      const result = page.locator('[data-would-fire]');
      await result.waitFor();
      expect(await result.innerText()).toContain('It fires when a charge takes the balance below £5.00.');
    },
    STEP_MS,
  );

  it(
    'fits a 390 px phone and broke no CSP rule',
    async () => {
      await page.setViewportSize(PHONE);
      await nav('Automations');
      await page.getByRole('heading', { level: 1, name: 'Automations' }).waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

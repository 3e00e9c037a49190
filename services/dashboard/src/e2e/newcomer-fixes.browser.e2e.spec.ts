/**
 * The dashboard fixes on the newcomer's path (issue 38, part 5), in headless Chromium at 390 px: a
 * webhook's page with its delivery log fits the phone; a new API key's secret shows whole, underscores
 * included; a field's "must not be empty" goes once the field is filled; money reads one way, with its
 * currency, in the pass's figures, its actions' messages and its history; a money field takes `£5` and
 * `1,20` and refuses in words; a charge or top-up done empties its field; a pass that is not there offers
 * a way back rather than "Try again"; and the camera blames https only where the page is not secure.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { configureTemplate, issuePass, registerWebhook, type TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, PAGE_WIDTH, PHONE, unexpectedErrors, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;

let server: TestServer, business: TestBusiness, dashboard: DashboardPage, page: Page;
const sessions = dashboardSessions();

beforeAll(async () => {
  ({ server, business, dashboard, page } = await sessions.start(() => TestServer.start(undefined, { webhookAllowPrivate: true, workPollIntervalMs: 20 }), {
    prepare: async (server, business) => {
      await server.changePlan(business.businessId, 'pro');
    },
    viewport: PHONE,
  }));
}, STEP_MS);

describe('the newcomer’s path in the dashboard', () => {
  it(
    "a webhook's page with its delivery log fits a 390 px phone",
    async () => {
      // Nothing listens at port 9: the delivery fails and shows in the log.
      const hook = await registerWebhook(server, business, 'https://127.0.0.1:9/hooks/of-this-business');
      await issuePass(server, business);
      await page.goto(`/dashboard/webhooks/${hook.id}`);
      await page.locator('table.deliveries tbody tr').first().waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
    },
    STEP_MS,
  );

  it(
    "a new API key's secret shows whole, underscores and all",
    async () => {
      await page.goto('/dashboard/api-keys');
      await page.getByLabel('Name').fill('Till');
      await page.getByRole('button', { name: 'Create key' }).click();
      const secret = page.getByLabel('Secret', { exact: true });
      await secret.waitFor();
      expect(await secret.inputValue()).toMatch(/^pb_live_/);
      const fits = await secret.evaluate((box) => box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth);
      expect(fits).toBe(true);
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
    },
    STEP_MS,
  );

  it(
    '"must not be empty" goes as soon as the field is filled',
    async () => {
      await page.goto('/dashboard/templates/new');
      await page.getByRole('button', { name: 'Create template' }).click();
      expect(await fieldError(page, 'Name')).toBe('must not be empty');
      await page.getByLabel('Name', { exact: true }).fill('Gift card');
      expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    },
    STEP_MS,
  );

  it(
    'money reads one way, with its currency: figures, messages and history',
    async () => {
      await configureTemplate(server, business, { currency: 'GBP' });
      const pass = await issuePass(server, business, { initial_balance: 17.5 });
      await page.goto(`/dashboard/passes/${pass.id}`);
      // The currency is the template's, read beside the pass.
      await page.getByTestId('pass-balance').filter({ hasText: /^£17\.50$/ }).waitFor();
      await page.getByLabel('Charge amount').fill('2.5');
      await page.getByRole('button', { name: 'Charge' }).click();
      await page.getByRole('status').filter({ hasText: 'Charged £2.50.' }).waitFor();
      await page.locator('[data-event-type="BalanceCharged"]').getByText('Charged £2.50 (balance £15.00)').waitFor();
    },
    STEP_MS,
  );

  it(
    'money fields take an amount as people type it (£5, 1,20) and refuse anything else in words, with the currency',
    async () => {
      await configureTemplate(server, business, { currency: 'GBP' });
      const pass = await issuePass(server, business, { initial_balance: 10 });
      await page.goto(`/dashboard/passes/${pass.id}`);
      const balance = page.getByTestId('pass-balance');
      await balance.filter({ hasText: /^£10\.00$/ }).waitFor();
      await page.getByLabel('Top-up amount').fill(' £5 ');
      await page.getByRole('button', { name: 'Top up' }).click();
      await page.getByRole('status').filter({ hasText: 'Topped up £5.00.' }).waitFor();
      await balance.filter({ hasText: /^£15\.00$/ }).waitFor();
      await page.getByLabel('Charge amount').fill('1,20');
      await page.getByRole('button', { name: 'Charge' }).click();
      await page.getByRole('status').filter({ hasText: 'Charged £1.20.' }).waitFor();
      await balance.filter({ hasText: /^£13\.80$/ }).waitFor();

      await page.getByLabel('Charge amount').fill('1.234,56');
      await page.getByRole('button', { name: 'Charge' }).click();
      expect(await fieldError(page, 'Charge amount')).toBe('Type the amount in British pounds, such as 5 or 1.20');
      expect(await balance.innerText()).toBe('£13.80');
    },
    STEP_MS,
  );

  it(
    'a charge or top-up done empties its field, so a second tap repeats nothing; a refused one keeps what was typed',
    async () => {
      const pass = await issuePass(server, business, { initial_balance: 10 });
      await page.goto(`/dashboard/passes/${pass.id}`);
      const balance = page.getByTestId('pass-balance');
      await balance.filter({ hasText: /^£10\.00$/ }).waitFor();
      await page.getByLabel('Top-up amount').fill('5');
      await page.getByRole('button', { name: 'Top up' }).click();
      await page.getByRole('status').filter({ hasText: 'Topped up £5.00.' }).waitFor();
      expect(await page.getByLabel('Top-up amount').inputValue()).toBe('');

      await page.getByLabel('Charge amount').fill('2');
      await page.getByRole('button', { name: 'Charge' }).click();
      await page.getByRole('status').filter({ hasText: 'Charged £2.00.' }).waitFor();
      expect(await page.getByLabel('Charge amount').inputValue()).toBe('');
      // A second tap on the emptied field charges nothing.
      await page.getByRole('button', { name: 'Charge' }).click();
      expect(await fieldError(page, 'Charge amount')).toBe('Type the amount in British pounds, such as 5 or 1.20');
      expect(await balance.innerText()).toBe('£13.00');

      await page.getByLabel('Charge amount').fill('2 pounds');
      await page.getByRole('button', { name: 'Charge' }).click();
      expect(await fieldError(page, 'Charge amount')).toBe('Type the amount in British pounds, such as 5 or 1.20');
      expect(await page.getByLabel('Charge amount').inputValue()).toBe('2 pounds');
    },
    STEP_MS,
  );

  it(
    'a pass that is not there offers a way back, not "Try again"',
    async () => {
      await page.goto('/dashboard/passes/no-such-pass');
      await page.getByRole('link', { name: 'Back to passes' }).waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    },
    STEP_MS,
  );

  it(
    'the camera does not blame https on a secure page',
    async () => {
      await page.goto('/dashboard/scan');
      await page.getByRole('button', { name: 'Start camera' }).click();
      // Chromium's fake camera runs here; whatever it says, it never asks for https on 127.0.0.1.
      await page.locator('.camera-status').filter({ hasText: /\S/ }).waitFor();
      expect(await page.locator('.camera-status').innerText()).not.toContain('https');
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

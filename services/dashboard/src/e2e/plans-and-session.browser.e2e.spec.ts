/**
 * The plan as the dashboard shows it, and the session's end: on Free a 402 is an invitation to upgrade,
 * never an error; an address the API refuses lands beside its field; an expired token sends the user to
 * log in and back to where they were; on Pro, a CSV becomes passes with each row's result.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { renewToken, type TestBusiness } from '../../../api/src/testing/fixtures';
import { ManualClock } from '../../../api/src/testing/manual-clock';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, openDashboard, openSection, screenshotBothSizes, unexpectedErrors, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
const QUARTER_HOUR_MS = 15 * 60 * 1000;

let server: TestServer, business: TestBusiness, browser: Browser, dashboard: DashboardPage, page: Page;
const clock = new ManualClock(new Date());
const sessions = dashboardSessions();

beforeAll(async () => {
  ({ server, business, browser, dashboard, page } = await sessions.start(() => TestServer.start(clock)));
}, STEP_MS);

const nav = (section: string) => openSection(page, section);

describe('the Free plan in the dashboard', () => {
  it(
    'shows the template limit reached, and a second template as an invitation to upgrade rather than an error',
    async () => {
      const home = await page.locator('main').innerText();
      expect(home).toMatch(/Templates\s+1 of 1/);
      expect(home).toContain('Limit reached');
      // The owner upgrades on the Payments page, or through the service's operator where it takes no payments.
      expect(await page.locator('.upgrade-how').getByRole('link', { name: 'Payments' }).getAttribute('href')).toMatch(/\/payments$/);

      await nav('Templates');
      await page.getByRole('link', { name: 'New template' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Second card');
      await page.getByRole('button', { name: 'Create template' }).click();
      const prompt = page.getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getByRole('heading').innerText()).toBe('More templates come with Pro');
      expect(await prompt.innerText()).toContain('Unlimited templates and issued passes');
      expect(await prompt.innerText()).toContain(business.businessId);
      expect(await prompt.getByRole('link', { name: 'Payments' }).count()).toBe(1);
      expect(await page.locator('.notice.error').count()).toBe(0);
      await screenshotBothSizes(page, 'upgrade-prompt');
    },
    STEP_MS,
  );

  it(
    'offers bulk issue as a Pro feature',
    async () => {
      await nav('Passes');
      await page.getByRole('link', { name: 'Bulk issue from CSV' }).click();
      const prompt = page.getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getByRole('heading').innerText()).toBe('Bulk issue comes with Pro');
      expect(await page.getByLabel('CSV file').count()).toBe(0);
    },
    STEP_MS,
  );

  it(
    "puts the API's refusal of a loopback webhook address beside the address field",
    async () => {
      await nav('Webhooks');
      await page.getByLabel('Address (URL)').fill('https://127.0.0.1/hooks');
      await page.getByRole('button', { name: 'Add webhook' }).click();
      expect(await fieldError(page, 'Address (URL)')).toBe('must not point to a loopback address');
      expect(await page.locator('main').innerText()).toContain('Some fields need a change');
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

describe('the session', () => {
  it(
    'ends when the API refuses the expired token, and a new log-in returns to the same screen',
    async () => {
      await nav('Passes');
      await page.getByRole('heading', { level: 1, name: 'Passes' }).waitFor();

      clock.advance(TWO_HOURS_MS);
      await nav('Templates');
      await page.getByText('Your session has ended. Log in again to continue where you were.').waitFor();
      expect(page.url()).toMatch(/\/dashboard\/login\?next=%2Ftemplates$/);
      expect(await page.evaluate("sessionStorage.getItem('passes.dashboard.session')")).toBeNull();

      // By keyboard alone: the email field, Tab to the password, Enter to send.
      await page.getByLabel('Email').focus();
      await page.keyboard.type(business.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(business.password);
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Coffee card' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/templates');
    },
    STEP_MS,
  );

  it(
    'says a wrong password is wrong, and after ten logins of one address in a quarter of an hour, when to try again',
    async () => {
      const guesser = await openDashboard(browser, server.rootUrl);
      try {
        // The limit's quarters start on whole quarters of an hour: begin at one.
        clock.advance(QUARTER_HOUR_MS - (clock.now().getTime() % QUARTER_HOUR_MS));
        await guesser.page.goto('/dashboard/login');
        await guesser.page.getByLabel('Email').fill('owner-of-nothing@example.com');
        await guesser.page.getByLabel('Password').fill('guessing-again');
        const logIn = async () => {
          const answered = guesser.page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/login'));
          await guesser.page.getByRole('button', { name: 'Log in' }).click();
          return (await answered).status();
        };
        const alert = guesser.page.getByRole('alert');
        for (let attempt = 1; attempt <= 10; attempt++) expect(await logIn()).toBe(401);
        await alert.filter({ hasText: 'Email or password is incorrect' }).waitFor();
        expect(await logIn()).toBe(429);
        await alert.filter({ hasText: 'Too many requests for now. Try again in 15 min.' }).waitFor();
        expect(unexpectedErrors(guesser.errors)).toEqual([]);
      } finally {
        await guesser.context.close();
      }
    },
    STEP_MS,
  );
});

describe('bulk issue on Pro', () => {
  it(
    "issues the rows of a CSV file and shows each row's result: issued, refused by the API, or not sent",
    async () => {
      await server.changePlan(business.businessId, 'pro');
      await nav('Passes');
      await page.getByRole('link', { name: 'Bulk issue from CSV' }).click();
      const csv = [
        'customer_name,customer_email,external_id,points,metadata.tier',
        'Ada Lovelace,ada@example.com,member-1,10,gold',
        'Bob,not-an-email,member-2,,silver',
        '"Cy, the second",cy@example.com,member-1,,',
      ].join('\r\n');
      await page.getByLabel('CSV file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('3 rows read: 2 ready to issue').waitFor();
      await page.getByRole('button', { name: 'Issue 2 passes' }).click();
      await page.getByRole('heading', { name: '1 of 3 passes issued' }).waitFor();
      const rows = await page.locator('tbody tr').allInnerTexts();
      expect(rows[0]).toMatch(/^2\s+issued\s+PS-/i);
      expect(rows[1]).toContain('Not sent: customer_email: must be a valid email address');
      expect(rows[2]).toMatch(/^4\s+refused\s+duplicate_external_id/i);
      await screenshotBothSizes(page, 'bulk-results');

      await renewToken(server, business);
      const issued = await server.request<{ metadata: Record<string, unknown> }>('GET', `/businesses/${business.businessId}/passes/member-1`, { token: business.token });
      expect(issued.status).toBe(200);
      expect(issued.body.metadata).toEqual({ tier: 'gold' });
    },
    STEP_MS,
  );
});

/**
 * A business owner's first session in the dashboard, in headless Chromium against the real embedded stack:
 * sign up, design a template, issue a pass, stamp it (a double click counts once), be told beside the
 * field that its external id is taken when issuing another with it, find it again, create and revoke an
 * API key, register a webhook and watch a delivery arrive in its log, log out. Each screen is kept as a
 * screenshot at phone and desktop sizes under test-artifacts/dashboard/. The steps share one page and
 * run in order, as the person would.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { TestServer } from '../../../api/src/testing/test-server';
import { WebhookReceiver } from '../../../api/src/testing/webhook-receiver';
import type { OwnBusinessResponse } from '@passes/contracts';
import { EXTERNAL_ID_TAKEN } from '../features/passes/external-id-taken';
import { NO_HOLDER_MESSAGE } from '../validation/issue-pass-form';
import { fieldError, launchDashboardBrowser, openDashboard, openSection, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';

const STEP_MS = 60_000;
/** Run in the page, written as text: the tests are type-checked without the DOM's types. */
const PREVIEW_BARCODE_DRAWN = "document.querySelector('[data-testid=pass-preview] img').naturalWidth > 0";
const email = `owner-${Date.now()}@example.com`;

let server: TestServer, browser: Browser, dashboard: DashboardPage, page: Page, receiver: WebhookReceiver;

beforeAll(async () => {
  server = await TestServer.start(undefined, { webhookAllowPrivate: true, workPollIntervalMs: 20 });
  receiver = await WebhookReceiver.start();
  browser = await launchDashboardBrowser();
  dashboard = await openDashboard(browser, server.rootUrl);
  page = dashboard.page;
}, STEP_MS);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.stop();
});

const errorOf = (label: string) => fieldError(page, label);
/** How many passes the plan counts for the business signed up here, asked of the API. */
async function passesIssued(): Promise<number> {
  const login = await server.request<{ access_token: string }>('POST', '/auth/login', { body: { email, password: 'correct-horse-battery' } });
  const me = await server.request<OwnBusinessResponse>('GET', '/businesses/me', { token: login.body.access_token });
  return me.body.usage.passes;
}
/** Follows a link of the dashboard's navigation. */
const nav = (section: string) => openSection(page, section);

describe('a business owner in the dashboard', () => {
  it(
    'is sent to log in, signs up with the form checking the password as the API does, and lands on the plan',
    async () => {
      await page.goto('/dashboard');
      await page.waitForURL('**/dashboard/login');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Log in');
      await screenshotBothSizes(page, 'login');

      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByLabel('Business name').fill('Corner Café');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      // Refused in the browser, beside the field, in the API's words; nothing was sent.
      expect(await errorOf('Password')).toContain('must be at least 10 characters');
      expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
      await screenshotBothSizes(page, 'signup');

      await page.getByLabel('Password').fill('correct-horse-battery');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Corner Café' }).waitFor();
      const home = await page.locator('main').innerText();
      expect(home).toContain('Plan: Free');
      expect(home).toMatch(/Templates\s+0 of 1/);
      expect(home).toContain('What Pro unlocks');
      // The token is kept for this tab only.
      expect(await page.evaluate("sessionStorage.getItem('passes.dashboard.session') !== null && localStorage.length === 0")).toBe(true);
      await screenshotBothSizes(page, 'home');
    },
    STEP_MS,
  );

  it(
    'creates a template with signed barcodes and a cooldown, the preview following every keystroke',
    async () => {
      await nav('Templates');
      await page.getByRole('link', { name: 'New template' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Coffee card');
      await page.getByLabel('Logo text').fill('Corner Café');
      const preview = page.getByTestId('pass-preview');
      expect(await preview.innerText()).toContain('Corner Café');
      await page.getByRole('button', { name: 'Add to primary fields' }).click();
      await page.getByRole('group', { name: 'Primary fields 1' }).getByLabel('Label').fill('Coffees');
      await page.getByRole('group', { name: 'Primary fields 1' }).getByLabel('Value').fill('Buy 9, get 1 free');
      expect(await preview.innerText()).toContain('Buy 9, get 1 free');
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      // On a phone the preview sits above the fields, in sight while the first of them are typed.
      const desktopSize = page.viewportSize();
      await page.setViewportSize(PHONE);
      const top = async (box: Promise<{ y: number } | null>) => (await box)?.y ?? Number.NaN;
      expect(await top(preview.boundingBox())).toBeLessThan(await top(page.getByLabel('Name', { exact: true }).boundingBox()));
      if (desktopSize !== null) await page.setViewportSize(desktopSize);
      await page.getByLabel('Check-in cooldown').selectOption('window');
      await page.getByLabel('Minutes between check-ins').fill('0');
      await page.getByLabel('Currency').fill('pounds');
      await page.getByRole('button', { name: 'Create template' }).click();
      expect(await errorOf('Minutes between check-ins')).toContain('must be 1 to 1440 minutes');
      expect(await errorOf('Currency')).toContain('must be the ISO 4217 code of a currency with two decimals, such as GBP or EUR');

      await page.getByLabel('Minutes between check-ins').fill('5');
      await page.getByLabel('Currency').fill('GBP');
      await page.getByLabel('Stamps for the reward').fill('10');
      await page.getByRole('button', { name: 'Create template' }).click();
      await page.getByText('Template created.').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Coffee card');
      expect(await page.getByLabel('Signed barcodes').isChecked()).toBe(true);
      // The preview draws the template's barcode as an image the CSP allows.
      await preview.getByRole('img', { name: 'Sample QR code' }).waitFor();
      expect(await page.evaluate(PREVIEW_BARCODE_DRAWN)).toBe(true);
      await screenshotBothSizes(page, 'template-editor');

      await nav('Templates');
      await page.getByRole('link', { name: 'Coffee card' }).waitFor();
      expect(await page.locator('main').innerText()).toContain('Signed barcodes · 5 min between check-ins');
      await screenshotBothSizes(page, 'templates');
    },
    STEP_MS,
  );

  it(
    'issues a pass, stamps it once for a double click, and reads its history',
    async () => {
      await nav('Passes');
      await page.getByRole('link', { name: 'Issue a pass' }).click();
      // An empty form issues nothing: a pass for no one would still count toward the plan.
      await page.getByRole('button', { name: 'Issue pass' }).click();
      expect(await errorOf('Customer name')).toBe(NO_HOLDER_MESSAGE);
      expect(await page.getByLabel('Customer name').getAttribute('aria-invalid')).toBe('true');
      await screenshotBothSizes(page, 'issue-blank-refused');
      await page.getByLabel('Customer name').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Add a detail' }).click();
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      await page.getByLabel('Customer email').fill('not-an-email');
      await page.getByLabel('Starting balance').fill('ten');
      await page.getByRole('button', { name: 'Issue pass' }).click();
      expect(await errorOf('Customer email')).toContain('must be a valid email address');
      expect(await errorOf('Starting balance')).toBe('Type the amount in British pounds, such as 5 or 1.20');
      await page.getByLabel('Customer email').fill('ada@example.com');
      await page.getByLabel('Starting balance').fill('£12,50');
      await page.getByLabel('External id').fill('crm-1001');
      await page.getByRole('button', { name: 'Issue pass' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      expect(await passesIssued()).toBe(1);
      expect(await page.getByTestId('pass-stamps').innerText()).toBe('0');
      expect(await page.getByTestId('pass-balance').innerText()).toBe('£12.50');
      expect(await page.getByRole('img', { name: /^Barcode of pass PS-/ }).getAttribute('data-barcode-message')).toMatch(/\/validate\/PS-[^?]+\?sig=/);

      const stamps = page.getByRole('form', { name: 'Add stamps' });
      await stamps.getByLabel('Stamps').fill('2');
      await stamps.getByRole('button', { name: 'Add stamps' }).dblclick();
      await page.getByRole('status').filter({ hasText: '2 stamps added.' }).waitFor();
      await page.getByText('2 stamps added (now 2)').waitFor();
      expect(await page.getByTestId('pass-stamps').innerText()).toBe('2');
      const history = await page.getByRole('list', { name: 'History' }).locator('li').allInnerTexts();
      expect(history.map((line) => line.split('\n')[0])).toEqual(['Issued as ' + (await serialNumber()), '2 stamps added (now 2)']);
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      // Every fact reads whole in its column, the email beside the barcode included.
      const overflowing = await page.locator('.pass-details .facts dd').evaluateAll((values) => values.filter((value) => value.scrollWidth > value.clientWidth).map((value) => value.textContent));
      expect(overflowing).toEqual([]);
      await screenshotBothSizes(page, 'pass');
    },
    STEP_MS,
  );

  it(
    'is told beside the External id field, in words, that another pass already has that external id',
    async () => {
      await nav('Passes');
      await page.getByRole('link', { name: 'Issue a pass' }).click();
      await page.getByLabel('Customer name').fill('Ada Byron');
      await page.getByLabel('External id').fill('crm-1001');
      await page.getByRole('button', { name: 'Issue pass' }).click();
      expect(await errorOf('External id')).toBe(EXTERNAL_ID_TAKEN);
      expect(await page.getByLabel('External id').getAttribute('aria-invalid')).toBe('true');
      // Said once, beside the field: not again above the button in the API's words.
      expect(await page.locator('.notice.error').count()).toBe(0);
      expect(await page.getByLabel('Customer name').inputValue()).toBe('Ada Byron');
      expect(await passesIssued()).toBe(1);
      await screenshotBothSizes(page, 'issue-external-id-taken');
      // Changed, the field's error goes at once.
      await page.getByLabel('External id').fill('crm-1002');
      expect(await page.getByLabel('External id').getAttribute('aria-invalid')).toBeNull();
    },
    STEP_MS,
  );

  it(
    'finds the pass by email, by external id and by serial number',
    async () => {
      const serial = await serialNumber();
      await nav('Passes');
      await page.getByLabel('Find a pass').fill('ADA@example.com');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { name: '1 pass for “ADA@example.com”' }).waitFor();
      expect(await page.getByRole('link', { name: serial }).count()).toBe(1);
      await screenshotBothSizes(page, 'passes-search');

      for (const query of ['crm-1001', serial]) {
        await nav('Passes');
        await page.getByLabel('Find a pass').fill(query);
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      }
      await nav('Passes');
      await page.getByLabel('Find a pass').fill('nobody-here');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { name: 'No pass found for “nobody-here”' }).waitFor();
    },
    STEP_MS,
  );

  it(
    'creates an API key shown once with a copy button, then revokes it',
    async () => {
      await nav('API keys');
      await page.getByLabel('Name', { exact: true }).fill('Till 1');
      await page.getByRole('button', { name: 'Create key' }).click();
      const secret = page.getByLabel('Secret', { exact: true });
      await secret.waitFor();
      const key = await secret.inputValue();
      expect(key).toMatch(/^pb_live_[A-Za-z0-9]{32,}$/);
      expect(await page.locator('main').innerText()).toContain('This is the only time it is shown.');
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
      await screenshotBothSizes(page, 'api-keys');

      await page.getByRole('button', { name: 'I have stored it' }).click();
      expect(await page.getByLabel('Secret', { exact: true }).count()).toBe(0);
      const row = page.locator('[data-key-name="Till 1"]');
      expect(await row.textContent()).toContain('active');
      await row.getByRole('button', { name: 'Revoke Till 1' }).click();
      await row.getByRole('button', { name: 'Revoke now' }).click();
      await row.locator('.badge', { hasText: /^revoked$/ }).waitFor();
      // The revoked key is refused by the API at once.
      const refused = await server.request('GET', '/businesses/me', { apiKey: key });
      expect(refused.status).toBe(401);
    },
    STEP_MS,
  );

  it(
    'registers a webhook, its secret shown once, and sees a delivery in its log',
    async () => {
      await nav('Webhooks');
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      await page.getByLabel('Address (URL)').fill('https://user:secret@example.com/hooks');
      await page.getByRole('button', { name: 'Add webhook' }).click();
      expect(await errorOf('Address (URL)')).toBe('must not contain credentials');

      await page.getByLabel('Address (URL)').fill(receiver.url);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secret = page.getByLabel('Secret', { exact: true });
      await secret.waitFor();
      expect(await secret.inputValue()).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await page.getByRole('link', { name: receiver.url }).waitFor();
      expect(await page.getByRole('button', { name: `Delete the webhook to ${receiver.url}` }).innerText()).toBe('Delete');
      await screenshotBothSizes(page, 'webhooks');

      // A change to the pass makes an event for the webhook.
      await nav('Passes');
      await page.getByLabel('Find a pass').fill('crm-1001');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: 'Check in' }).click();
      await page.getByText('Checked in.', { exact: true }).waitFor();
      await receiver.waitFor(1);

      await nav('Webhooks');
      await page.getByRole('link', { name: receiver.url }).click();
      const delivered = page.locator('tr[data-delivery-status="delivered"]');
      for (let tries = 0; tries < 50 && (await delivered.count()) === 0; tries++) {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.waitForTimeout(100);
      }
      const row = delivered.first();
      expect(await row.innerText()).toContain('pass.updated');
      expect(await row.innerText()).toContain('HTTP 200');
      await screenshotBothSizes(page, 'webhook-deliveries');

      await row.getByRole('button', { name: 'Send again' }).click();
      await page.getByText('delivery is due now.').waitFor();
      await receiver.waitFor(2);
    },
    STEP_MS,
  );

  it(
    'fits a phone screen, broke no CSP rule and threw nothing, and logs out',
    async () => {
      await page.setViewportSize(PHONE);
      await nav('Home');
      await page.getByRole('heading', { level: 1, name: 'Corner Café' }).waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByText('You have logged out.').waitFor();
      expect(await page.evaluate("sessionStorage.getItem('passes.dashboard.session')")).toBeNull();
      await page.goto('/dashboard/passes');
      await page.waitForURL('**/dashboard/login?next=%2Fpasses');
    },
    STEP_MS,
  );
});

async function serialNumber(): Promise<string> {
  const pass = await server.request<{ serial_number: string }>('GET', `/businesses/${await businessId()}/passes/crm-1001`, { token: await token() });
  return pass.body.serial_number;
}

async function session(): Promise<{ token: string; businessId: string }> {
  const stored = await page.evaluate("sessionStorage.getItem('passes.dashboard.session')");
  if (typeof stored !== 'string') throw new Error('no session in the page');
  return JSON.parse(stored) as { token: string; businessId: string };
}

async function businessId(): Promise<string> {
  return (await session()).businessId;
}

async function token(): Promise<string> {
  return (await session()).token;
}

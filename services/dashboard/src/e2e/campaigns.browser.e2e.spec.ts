/**
 * Campaigns in the dashboard, in headless Chromium against the real embedded stack: a campaign composed
 * with the form checking the headline and the audience's minimum as the API does and the preview following each keystroke, the
 * audience's size, sent now after a question naming it and its audience, and followed until it is sent with its recipients listed a page at a time, and
 * Free's second campaign as an invitation to upgrade. Screens are kept at phone and desktop sizes under test-artifacts/dashboard/.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { issuePass, type TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, openSection, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;
/** The holders of the business's passes: more than the one page of recipients the screen shows at first (50). */
const HOLDERS = 55;

let server: TestServer, business: TestBusiness, dashboard: DashboardPage, page: Page;
const sessions = dashboardSessions();

beforeAll(async () => {
  ({ server, business, dashboard, page } = await sessions.start(() => TestServer.start(undefined, { workPollIntervalMs: 50 })));
}, STEP_MS);

const nav = (section: string) => openSection(page, section);
const compose = () => page.getByRole('form', { name: 'Compose a campaign' });
const row = (name: string) => page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem', { name });

describe('campaigns in the dashboard', () => {
  it(
    'composes a campaign, the form checking the headline as the API does, the preview following each keystroke',
    async () => {
      await Promise.all(Array.from({ length: HOLDERS }, () => issuePass(server, business)));
      await nav('Campaigns');
      await page.getByText('No campaigns yet.').waitFor();
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);

      await compose().getByLabel('Name').fill('Friday');
      await compose().getByLabel('Headline').fill('x'.repeat(61));
      await compose().getByLabel('Message', { exact: true }).fill('Every stamp counts twice this Friday.');
      await compose().getByLabel('With at least this many stamps').fill('two');
      await compose().getByRole('button', { name: 'Save draft' }).click();
      expect(await fieldError(page, 'Headline')).toBe('must be 1 to 60 characters');
      expect(await fieldError(page, 'With at least this many stamps')).toBe('must be a whole number of at least 0');
      expect(await compose().getByLabel('Passes of').inputValue()).toBe('');
      await compose().getByLabel('With at least this many stamps').fill('');

      await compose().getByLabel('Headline').fill('Double stamps');
      const preview = page.getByRole('figure', { name: 'Message preview' });
      expect(await preview.innerText()).toContain('Double stamps');
      expect(await preview.innerText()).toContain('Every stamp counts twice this Friday.');
      await compose().getByRole('button', { name: 'Save draft' }).click();
      await row('Friday').waitFor();
      expect(await row('Friday').locator('.badge').innerText()).toMatch(/^draft$/i);
      // Nothing sent yet: no figures of zeros.
      expect(await row('Friday').getByLabel('Stats').count()).toBe(0);
      expect(await compose().getByLabel('Name').inputValue()).toBe('');
      await screenshotBothSizes(page, 'campaigns');
    },
    STEP_MS,
  );

  it(
    'shows the audience size, asks before sending it now, sends it and follows it until it is sent, listing its recipients',
    async () => {
      await row('Friday').getByRole('button', { name: 'Audience size' }).click();
      await row('Friday').getByRole('status').filter({ hasText: `${HOLDERS} passes would get it now.` }).waitFor();
      await row('Friday').getByRole('button', { name: 'Send now' }).click();
      // Asked first, naming the campaign and its audience now; nothing goes until it is answered.
      const question = row('Friday').getByRole('group', { name: `Send 'Friday' to ${HOLDERS} passes now?` });
      await question.waitFor();
      expect(await row('Friday').locator('.badge').innerText()).toMatch(/^draft$/i);
      // The answer is where the keyboard already is.
      expect(await question.locator(':focus').innerText()).toBe('Send to them now');
      await page.keyboard.press('Enter');
      await row('Friday').locator('.badge').filter({ hasText: /^sent$/i }).waitFor();
      expect(await row('Friday').getByLabel('Stats').innerText()).toBe(`${HOLDERS} recipients · 0 delivered · ${HOLDERS} not installed · 0 quota limited · 0 failed`);
      // What the audience would have been is of no use once it is sent, nor are the buttons that send it.
      expect(await row('Friday').getByText('would get it now').count()).toBe(0);
      expect(await row('Friday').getByRole('button', { name: 'Send now' }).count()).toBe(0);

      await row('Friday').getByRole('button', { name: 'Recipients' }).click();
      const recipients = row('Friday').getByRole('table', { name: 'Recipients' });
      await recipients.waitFor();
      expect(await recipients.locator('tbody tr').count()).toBe(50);
      expect(await recipients.locator('tbody').innerText()).toMatch(/not installed/i);
      await row('Friday').getByRole('button', { name: 'Show more' }).click();
      await recipients.locator('tbody tr').nth(HOLDERS - 1).waitFor();
      expect(await recipients.locator('tbody tr').count()).toBe(HOLDERS);
      expect(await row('Friday').getByRole('button', { name: 'Show more' }).count()).toBe(0);
      const serials = await recipients.locator('tbody tr td:first-child').allInnerTexts();
      expect(new Set(serials).size).toBe(HOLDERS);
      await screenshotBothSizes(page, 'campaign-sent');
    },
    STEP_MS,
  );

  it(
    "shows Free's second campaign as an invitation to upgrade, not an error",
    async () => {
      await compose().getByLabel('Name').fill('Saturday');
      await compose().getByLabel('Headline').fill('Cake day');
      await compose().getByLabel('Message', { exact: true }).fill('A free slice with every coffee.');
      await compose().getByRole('button', { name: 'Save draft' }).click();
      const prompt = compose().getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getByRole('heading').innerText()).toBe('More campaigns come with Pro');
      expect(await page.locator('.notice.error').count()).toBe(0);
      expect(await row('Saturday').count()).toBe(0);
    },
    STEP_MS,
  );

  it(
    "counts the campaign on Home against Free's limit, as the other limits",
    async () => {
      await nav('Home');
      const meter = page.locator('.usage').filter({ hasText: 'Campaigns' });
      await meter.waitFor();
      expect((await meter.locator('.usage-label').innerText()).replace(/\s+/g, ' ')).toBe('Campaigns 1 of 1');
      expect(await meter.getByRole('meter', { name: 'Campaigns: 1 of 1' }).count()).toBe(1);
      await nav('Campaigns');
      await row('Friday').waitFor();
    },
    STEP_MS,
  );

  it(
    "says a scheduled campaign's time as every other date of the dashboard",
    async () => {
      await server.changePlan(business.businessId, 'pro');
      const sendAt = new Date(server.clock.now().getTime() + 2 * 24 * 60 * 60 * 1000).toISOString();
      const body = { name: 'Sunday', message: { header: 'Brunch', body: 'Eggs all day.' }, send_at: sendAt };
      expect((await server.request('POST', `/businesses/${business.businessId}/campaigns`, { token: business.token, body })).status).toBe(201);
      await page.reload();
      await row('Sunday').waitFor();
      const expected = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)), sendAt);
      expect(await row('Sunday').innerText()).toContain(`Brunch · goes at ${expected}`);
      expect(await row('Sunday').locator('time').getAttribute('datetime')).toBe(sendAt);
    },
    STEP_MS,
  );

  it(
    'fits a 390 px phone and broke no CSP rule',
    async () => {
      await page.setViewportSize(PHONE);
      await page.reload();
      await row('Friday').waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      // The recipients' table scrolls within its row rather than widening the page.
      await row('Friday').getByRole('button', { name: 'Recipients' }).click();
      await row('Friday').getByRole('table', { name: 'Recipients' }).waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

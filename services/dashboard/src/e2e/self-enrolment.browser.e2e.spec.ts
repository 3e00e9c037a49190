/**
 * Self-enrolment in the dashboard and on the join page, in headless Chromium against the real embedded
 * stack: the template page opens the join page (refusing it without a consent text, beside the field),
 * shows its link and its poster; a customer on a phone opens the link, is shown what is wrong beside the
 * field, joins, and lands on their pass with its code. Screens are kept at phone and desktop sizes under
 * test-artifacts/dashboard/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { registerBusiness, type TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, launchDashboardBrowser, logIn, openDashboard, PAGE_WIDTH, PHONE, screenshotBothSizes, UNLABELLED_CONTROLS, unexpectedErrors, type DashboardPage } from './support/dashboard-browser';

const STEP_MS = 60_000;

let server: TestServer, business: TestBusiness, browser: Browser, dashboard: DashboardPage, customer: DashboardPage, page: Page;
let joinUrl = '';

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  browser = await launchDashboardBrowser();
  dashboard = await openDashboard(browser, server.rootUrl);
  customer = await openDashboard(browser, server.rootUrl, PHONE);
  page = dashboard.page;
  await logIn(page, business.email, business.password);
}, STEP_MS);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const enrolmentForm = () => page.getByRole('form', { name: 'Self-enrolment' });

describe('self-enrolment', () => {
  it(
    'opens the join page from the template page, with its link and poster',
    async () => {
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Templates', exact: true }).click();
      await page.getByRole('link', { name: 'Coffee card' }).click();
      await page.getByRole('heading', { level: 2, name: 'Customers join by themselves' }).waitFor();
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);

      await enrolmentForm().getByLabel('Open the join page').check();
      await enrolmentForm().getByRole('button', { name: 'Save' }).click();
      expect(await fieldError(page, 'Consent text')).toBe('must be given to open enrolment');

      await enrolmentForm().getByLabel('Ask for a birthday').check();
      await enrolmentForm().getByLabel('Consent text').fill('I agree that Corner Café keeps my name and email for my card.');
      await enrolmentForm().getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'The join page is open.' }).waitFor();
      joinUrl = await page.getByLabel('Join link').inputValue();
      expect(joinUrl).toMatch(/\/join\/[a-z2-9]{10}$/);
      const poster = await page.getByRole('link', { name: 'Poster to print (PDF)' }).getAttribute('href');
      // The link names `{app_url}`; the test's server answers it on loopback.
      const pdf = await fetch(`${server.rootUrl}${new URL(poster ?? '').pathname}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      await screenshotBothSizes(page, 'enrolment');
    },
    STEP_MS,
  );

  it(
    'a customer joins on a phone from the link and lands on their pass',
    async () => {
      const phone = customer.page;
      await phone.goto(new URL(joinUrl).pathname);
      await phone.getByRole('heading', { level: 1, name: 'Coffee card' }).waitFor();
      await phone.getByLabel('Your name').fill('Ada Lovelace');
      await phone.getByLabel('Your email').fill('not-an-email');
      await phone.getByLabel('Your birthday (optional)').fill('1815-12-10');
      await phone.getByLabel(/I agree that Corner Café/).check();
      // The page asks the browser to check the email first; a request without that check is answered beside the field.
      await phone.evaluate('document.querySelector("form").noValidate = true');
      await phone.getByRole('button', { name: 'Get my card' }).click();
      await phone.locator('#customer_email-error').waitFor();
      expect(await phone.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      await screenshotBothSizes(phone, 'join-page');

      await phone.getByLabel('Your email').fill('ada@example.com');
      await phone.getByLabel(/I agree that Corner Café/).check();
      await phone.getByRole('button', { name: 'Get my card' }).click();
      await phone.waitForURL(/\/passes\//);
      await phone.locator('svg').first().waitFor();
      const passes = await server.request<{ data: { customer_name: string }[] }>('GET', `/businesses/${business.businessId}/passes?q=ada`, { token: business.token });
      expect(passes.body.data.map((pass) => pass.customer_name)).toEqual(['Ada Lovelace']);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

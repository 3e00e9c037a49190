/**
 * Passwords in the dashboard, in headless Chromium against the real embedded stack: the owner, logged in on
 * a desktop, forgets the password on a phone, asks for a link from the log-in screen, opens the mailed link,
 * chooses a new password (the form checking it as the API does) and is in; the desktop's session of the old
 * password ends on its next call, and the link works no more. Then, signed in on both, the owner changes the
 * password on the desktop's account screen: the desktop goes on, the phone's session ends; logging out ends
 * the desktop's session on the server too. Screens are kept
 * at phone and desktop sizes under test-artifacts/dashboard/.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { registerBusiness, type TestBusiness } from '../../../api/src/testing/fixtures';
import { passwordResetTokenFor } from '../../../api/src/testing/mailed-links';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, launchDashboardBrowser, logIn, openDashboard, openSection, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';

const STEP_MS = 60_000;
const NEW_PASSWORD = 'a-new-password-at-last';

let server: TestServer, business: TestBusiness, browser: Browser;
let desktop: DashboardPage, phone: DashboardPage;
let resetPath = '';

beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
  browser = await launchDashboardBrowser();
  desktop = await openDashboard(browser, server.rootUrl);
  phone = await openDashboard(browser, server.rootUrl, PHONE);
  await logIn(desktop.page, business.email, business.password);
  // The desktop's session began a second before the password changes.
  server.clock.advance(1_000);
}, STEP_MS);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a forgotten password in the dashboard', () => {
  it(
    'is asked for from the log-in screen, and the answer says the same whatever the address',
    async () => {
      const page = phone.page;
      await page.goto('/dashboard/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);

      await page.getByLabel('Email').fill('not an email');
      await page.getByRole('button', { name: 'Send the link' }).click();
      expect(await fieldError(page, 'Email')).toBe('must be a valid email address');
      await screenshotBothSizes(page, 'forgot-password');

      await page.getByLabel('Email').fill(business.email.toUpperCase());
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByRole('status').filter({ hasText: 'a link to choose a new password is on its way. It works once, for an hour.' }).waitFor();

      await server.settled();
      resetPath = `/dashboard/reset-password?token=${encodeURIComponent(await passwordResetTokenFor(server, business.email))}`;
    },
    STEP_MS,
  );

  it(
    'takes a new password from the mailed link, checked as the API checks it, and logs in with it',
    async () => {
      const page = phone.page;
      await page.goto(resetPath);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Save and log in' }).click();
      expect(await fieldError(page, 'New password')).toBe('must be at least 10 characters');
      await screenshotBothSizes(page, 'reset-password');

      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Save and log in' }).click();
      await page.getByRole('heading', { name: 'Plan:' }).waitFor();
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    },
    STEP_MS,
  );

  it(
    "ends the old password's session on its next call, and the link works no more",
    async () => {
      await openSection(desktop.page, 'Templates');
      await desktop.page.getByText('Your session has ended. Log in again to continue where you were.').waitFor();
      await logIn(desktop.page, business.email, NEW_PASSWORD);

      const page = phone.page;
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.goto(resetPath);
      await page.getByLabel('New password').fill('yet-another-password');
      await page.getByRole('button', { name: 'Save and log in' }).click();
      await page.getByRole('alert').filter({ hasText: 'This password reset link is unknown, used or expired; ask for a new one' }).waitFor();
      expect(unexpectedErrors(desktop.errors)).toEqual([]);
    },
    STEP_MS,
  );

  it(
    "is changed on the account screen with the current password: that session goes on, the others end",
    async () => {
      await logIn(phone.page, business.email, NEW_PASSWORD);
      server.clock.advance(1_000);
      const page = desktop.page;
      await page.getByRole('link', { name: 'Account', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      expect(await page.locator('.facts').innerText()).toContain(business.email);
      // The role as the Team screen names it.
      expect(await page.locator('.facts').innerText()).toMatch(/Role\s+Owner/);
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);

      await page.getByLabel('Current password').fill('not-the-password');
      await page.getByLabel('New password').fill('the-newest-password');
      await page.getByRole('button', { name: 'Change password' }).click();
      expect(await fieldError(page, 'Current password')).toBe('is not your password');
      await screenshotBothSizes(page, 'account');

      await page.getByLabel('Current password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('status').filter({ hasText: 'Password changed. Every other session of the old one has ended.' }).waitFor();
      await openSection(page, 'Templates');
      await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();

      await openSection(phone.page, 'Passes');
      await phone.page.getByText('Your session has ended. Log in again to continue where you were.').waitFor();
      expect(unexpectedErrors(desktop.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

describe('logging out', () => {
  it(
    'ends the session on the server too: the token the tab held is refused from then on',
    async () => {
      const page = desktop.page;
      const stored = z.object({ token: z.string() }).parse(JSON.parse((await page.evaluate<string | null>("sessionStorage.getItem('passes.dashboard.session')")) ?? 'null'));
      expect((await server.request('GET', '/businesses/me', { token: stored.token })).status).toBe(200);

      const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/logout'));
      await page.getByRole('button', { name: 'Log out' }).click();
      expect((await loggedOut).status()).toBe(204);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect((await server.request('GET', '/businesses/me', { token: stored.token })).status).toBe(401);
      expect(unexpectedErrors(desktop.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

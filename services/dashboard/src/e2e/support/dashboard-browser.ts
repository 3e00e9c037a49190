/**
 * Headless Chromium for the dashboard's browser tests, over the API's own browser helper: a fake camera
 * (Chromium's fake capture device, optionally playing a Y4M file), pages that collect console errors (a
 * CSP refusal shows up there), and screenshots kept under test-artifacts/dashboard/ for CI to keep.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../../../api/src/testing/browser';

export const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;

const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'dashboard');

export function launchDashboardBrowser(fakeVideoFile?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...(fakeVideoFile ? [`--use-file-for-fake-video-capture=${fakeVideoFile}`] : []),
    ],
  });
}

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions, such as a Content-Security-Policy refusal. */
  errors: string[];
}

export async function openDashboard(browser: Browser, rootUrl: string, viewport: { width: number; height: number } = DESKTOP): Promise<DashboardPage> {
  const context = await browser.newContext({ viewport, baseURL: rootUrl });
  await context.grantPermissions(['camera', 'clipboard-read', 'clipboard-write'], { origin: rootUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The expected failed calls (a 401 for a wrong password, a 402) are logged by Chromium as failed loads. */
export function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter((error) => !/the server responded with a status of (401|402|404|409|422|429)/.test(error));
}

/** A full-page screenshot of the current screen at phone and desktop sizes: `<name>-phone.png`, `<name>-desktop.png`. */
export async function screenshotBothSizes(page: Page, name: string): Promise<string[]> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  const files: string[] = [];
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    // Let the layout settle at the new size before the picture.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const file = path.join(ARTIFACTS, `${name}-${size}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await page.setViewportSize(original);
  return files;
}

/** Nothing on the page is wider than the screen: nothing to scroll sideways on a phone. */
export const PAGE_WIDTH = 'document.documentElement.scrollWidth';

/**
 * The error shown for a field, found as a screen reader finds it: through the control's aria-describedby
 * (the error's id ends in `error`). Waits a little for one to appear (the API's answers take a moment).
 */
export async function fieldError(page: Page, label: string): Promise<string> {
  const control = page.getByLabel(label, { exact: true });
  for (let tries = 0; tries < 50; tries++) {
    const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('error'));
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
    if (texts.length > 0) return texts.join(' ');
    await page.waitForTimeout(100);
  }
  return '';
}

/** Logs in through the log-in screen and waits for the home screen. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/dashboard/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Plan:' }).waitFor();
}

/** A dashboard page of its own, logged in with the given credentials (a business's owner, a member of its team). */
export async function loggedInDashboard(
  browser: Browser,
  rootUrl: string,
  credentials: { email: string; password: string },
  viewport?: { width: number; height: number },
): Promise<DashboardPage> {
  const dashboard = await openDashboard(browser, rootUrl, viewport);
  await logIn(dashboard.page, credentials.email, credentials.password);
  return dashboard;
}

/** Goes to a section of the dashboard by its link in the navigation, as a user does. */
export function openSection(page: Page, section: string): Promise<void> {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true }).click();
}

/** Run in the page: form controls a screen reader could not name (no label element, no aria-label). */
export const UNLABELLED_CONTROLS =
  "Array.from(document.querySelectorAll('input, select, textarea, button')).filter((control) => control.type !== 'hidden' && !(control.labels && control.labels.length > 0) && !control.getAttribute('aria-label') && !control.textContent.trim()).map((control) => control.outerHTML)";

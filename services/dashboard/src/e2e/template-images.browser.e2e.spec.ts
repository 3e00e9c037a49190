/**
 * Template images in the dashboard, in headless Chromium against the real embedded stack: a logo (PNG) and
 * a strip (JPEG) uploaded from the template page show in the live preview (loaded under the page's
 * Content-Security-Policy); a file that is not an image is refused in the API's words; an edit in progress
 * survives an upload; the logo removed leaves the preview's text. Phone and desktop screens under
 * test-artifacts/dashboard/.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import type { TemplateBody } from '../../../api/src/testing/wire-types';
import { PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;

let server: TestServer, business: TestBusiness, dashboard: DashboardPage, page: Page;
const sessions = dashboardSessions();

beforeAll(async () => {
  ({ server, business, dashboard, page } = await sessions.start(() => TestServer.start()));
}, STEP_MS);

const images = () => page.getByRole('region', { name: 'Images' });
const preview = () => page.getByTestId('pass-preview');
const status = () => images().getByRole('status');
const picture = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } });

/** Run in the page: the image's natural width once it has loaded, 0 for one the browser could not load (or the CSP refused). */
const loadedWidth = (testId: string) => `document.querySelector('[data-testid="${testId}"]')?.naturalWidth ?? 0`;
/** Waits until the image has loaded, then says how wide it is. */
async function widthOnceLoaded(testId: string): Promise<number> {
  await page.waitForFunction(`${loadedWidth(testId)} > 0`);
  return Number(await page.evaluate(loadedWidth(testId)));
}

async function savedImages(): Promise<TemplateBody['images']> {
  const template = await server.request<TemplateBody>('GET', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: business.token });
  return template.body.images;
}

describe('template images in the dashboard', () => {
  it(
    'uploads a logo and a strip from the template page, and the preview shows them',
    async () => {
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Templates', exact: true }).click();
      await page.getByRole('link', { name: 'Coffee card' }).click();
      await page.getByRole('heading', { level: 1, name: 'Coffee card' }).waitFor();
      await images().getByText('None').first().waitFor();
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);

      // An edit in progress stays through an upload.
      await page.getByLabel('Logo text').fill('Corner Café rewards');
      await images()
        .getByLabel('Upload the logo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture(600, 200, '#b5651d').png().toBuffer() });
      await status().getByText('Logo uploaded.', { exact: false }).waitFor();
      await preview().getByTestId('preview-logo').waitFor();
      expect(await widthOnceLoaded('preview-logo')).toBe(450);
      expect(await page.getByLabel('Logo text').inputValue()).toBe('Corner Café rewards');

      await images()
        .getByLabel('Upload the strip')
        .setInputFiles({ name: 'strip.jpg', mimeType: 'image/jpeg', buffer: await picture(1500, 500, '#2e8b57').jpeg().toBuffer() });
      await status().getByText('Strip uploaded.', { exact: false }).waitFor();
      expect(await widthOnceLoaded('preview-strip')).toBe(1125);
      expect((await savedImages()).logo).not.toBeNull();
      expect((await savedImages()).strip).not.toBeNull();
      await screenshotBothSizes(page, 'template-images');
    },
    STEP_MS,
  );

  it(
    'refuses a file that is not an image in the API’s words, changing nothing',
    async () => {
      const before = await savedImages();
      await images().getByLabel('Upload the icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
      await images().getByRole('alert').getByText('The body is not a PNG image').first().waitFor();
      expect(await savedImages()).toEqual(before);
    },
    STEP_MS,
  );

  it(
    'removes the logo: the preview shows the logo text again; the page fits a phone',
    async () => {
      await images().getByRole('button', { name: 'Remove the logo' }).click();
      await status().getByText('Logo removed.').waitFor();
      expect(await preview().getByTestId('preview-logo').count()).toBe(0);
      expect((await savedImages()).logo).toBeNull();
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );
});

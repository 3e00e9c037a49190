/**
 * The API reference at `/docs` in headless Chromium: it renders from the served OpenAPI document under its
 * own Content-Security-Policy (the style applies, nothing is refused, no script runs), lists every
 * operation, and its links to schemas land on the schema.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../testing/browser';
import { TestServer } from '../testing/test-server';

/** Run in the page, written as text: the tests are type-checked without the DOM's types. */
const OPERATION_HEADINGS = "[...document.querySelectorAll('section.operation h3')].map((heading) => heading.textContent.replace(/\\s+/g, ' ').trim())";
const METHOD_COLOUR = "getComputedStyle(document.querySelector('.method.delete')).color";
const SCRIPTS = 'document.scripts.length';

interface OpenApiPaths {
  paths: Record<string, Record<string, unknown>>;
}

let server: TestServer, browser: Browser, page: Page, status: number | undefined, csp: string | undefined;
const errors: string[] = [];

beforeAll(async () => {
  server = await TestServer.start();
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(`${server.rootUrl}/docs`);
  status = response?.status();
  csp = response?.headers()['content-security-policy'];
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server.stop();
});

describe('the API reference page', () => {
  it('is served without credentials under a CSP that allows no script, and renders without a refusal', async () => {
    expect(status).toBe(200);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(await page.evaluate(SCRIPTS)).toBe(0);
    // The stylesheet applied: DELETE is drawn in its red.
    expect(await page.evaluate(METHOD_COLOUR)).toBe('rgb(198, 40, 40)');
    expect(errors).toEqual([]);
  });

  it('shows every operation of the served document, method and path', async () => {
    const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenApiPaths;
    const expected = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    const shown = (await page.evaluate(OPERATION_HEADINGS)) as string[];
    expect(shown.sort()).toEqual(expected.sort());
  });

  it('links an answer to its schema, which lists the fields', async () => {
    await page.click('#op-getPass a[href="#schema-Pass"]');
    expect(page.url()).toMatch(/#schema-Pass$/);
    const fields = await page.locator('#schema-Pass td code').allTextContents();
    expect(fields).toEqual(expect.arrayContaining(['serial_number', 'balance', 'download_url']));
  });
});

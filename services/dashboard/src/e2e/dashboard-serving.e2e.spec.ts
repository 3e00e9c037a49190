/**
 * How the API process serves the built dashboard (services/api/src/routes/dashboard-routes.ts): the CSP
 * and other headers, a year's cache for hashed assets and none for index.html, index.html for every
 * screen's address, a 404 for a missing asset, and a 503 page when the dashboard was never built.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { DASHBOARD_DIST, dashboardRoutes } from '../../../api/src/routes/dashboard-routes';
import { TestServer } from '../../../api/src/testing/test-server';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; media-src 'self' blob:; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

let server: TestServer;
beforeAll(async () => {
  if (!fs.existsSync(path.join(DASHBOARD_DIST, 'index.html'))) throw new Error('Build the dashboard first: npm run build');
  server = await TestServer.start();
});
afterAll(() => server?.stop());

const get = (pathname: string, init?: RequestInit) => fetch(`${server.rootUrl}${pathname}`, init);

describe('the dashboard served by the API process', () => {
  it('answers /dashboard with index.html under a strict CSP, never cached', async () => {
    for (const address of ['/dashboard', '/dashboard/']) {
      const response = await get(address);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(CSP);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await response.text();
      expect(html).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\/index-[\w-]+\.js"><\/script>/);
      // Nothing inline and nothing remote: the CSP would refuse either.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|https?:\/\//);
    }
  });

  it('answers every screen of the app with index.html, so reloading or sharing a link works', async () => {
    const index = await (await get('/dashboard/')).text();
    for (const screen of ['/dashboard/login', '/dashboard/passes/PS-1234', '/dashboard/webhooks/abc?x=1']) {
      const response = await get(screen);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(index);
    }
  });

  it('caches hashed assets for a year and refuses a missing one with a 404, not with HTML', async () => {
    const index = await (await get('/dashboard/')).text();
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    const style = /href="(\/dashboard\/assets\/[^"]+\.css)"/.exec(index)?.[1];
    for (const [asset, type] of [
      [script, 'text/javascript; charset=utf-8'],
      [style, 'text/css; charset=utf-8'],
    ] as const) {
      const response = await get(String(asset));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const favicon = await get('/dashboard/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
    const missing = await get('/dashboard/assets/index-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/plain');
  });

  it('leaves other methods and the API as they were', async () => {
    const post = await get('/dashboard', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await server.request('GET', '/businesses/me')).status).toBe(401);
  });
});

describe('a server whose dashboard was never built', () => {
  it('answers a clear 503 page instead of failing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-dashboard-unbuilt-'));
    const app = express().use('/dashboard', dashboardRoutes(empty));
    const bare = http.createServer(app);
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/dashboard/passes`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('60');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('npm run build');
    } finally {
      await new Promise((resolve) => bare.close(resolve));
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

/**
 * `GET /dashboard/…`: the business dashboard, a single-page app built into services/dashboard/dist that
 * speaks only to the public API. Hashed assets are cached for a year, index.html never; every other
 * path below /dashboard is a screen of the app and gets index.html. A strict CSP: scripts, styles, fonts
 * and API calls from this origin only. Without a build, a 503 page says how to make one.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import { pageStyle, sendPage } from '../pages/page-document';

/** services/api/{src,dist}/routes → services/dashboard/dist, from the sources (tests) and the build alike. */
export const DASHBOARD_DIST = path.resolve(__dirname, '..', '..', '..', 'dashboard', 'dist');

const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
} as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_BUILT_STYLE = pageStyle('body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1d2330}main{max-width:36rem;margin:0 auto}code{background:#eef0f4;padding:.1rem .3rem;border-radius:4px}');

export function dashboardRoutes(distDir: string = DASHBOARD_DIST): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');

  router.use((_request, response, next) => {
    response.set(SECURITY_HEADERS);
    next();
  });

  router.use(
    express.static(distDir, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders: (response, file) => {
        const underAssets = path.relative(path.join(distDir, 'assets'), file);
        const hashed = !underAssets.startsWith('..') && !path.isAbsolute(underAssets);
        response.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
      },
    }),
  );

  // A missing asset stays a 404: answering it with index.html would hand a script tag HTML.
  router.get('/assets/{*asset}', (_request, response) => {
    response.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
  });

  router.get('/{*screen}', async (_request, response) => sendIndex(response, indexFile));

  return router;
}

async function sendIndex(response: Response, indexFile: string): Promise<void> {
  let html: Buffer;
  try {
    // Read on each request (a small file): a rebuild is served without a restart.
    html = await fs.promises.readFile(indexFile);
  } catch {
    response.set('Retry-After', '60');
    sendPage(response, {
      status: 503,
      title: 'Dashboard not built',
      style: NOT_BUILT_STYLE,
      body: '<h1>The dashboard has not been built</h1>\n<p>Build it with <code>npm run build</code> at the project root, then reload this page. The API itself works without it.</p>',
    });
    return;
  }
  response.status(200).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE }).send(html);
}

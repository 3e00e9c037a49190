/**
 * The frame of the server-rendered pages people open from a scan or an email: no scripts at all, only the
 * page's own stylesheet (allowed by its hash), and nothing of the page or its URL (a token, a signature)
 * leaks to other sites. A page that waits on something reloads itself with a meta refresh, not a script.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '@passes/application';
import type { Response } from 'express';

export interface PageStyle {
  css: string;
  contentSecurityPolicy: string;
}

/** `forms`: the page posts a form to its own origin (a join page); every other page posts nothing. */
export function pageStyle(css: string, options: { forms?: boolean } = {}): PageStyle {
  const hash = createHash('sha256').update(css).digest('base64');
  const formAction = options.forms ? "form-action 'self'" : "form-action 'none'";
  const contentSecurityPolicy = ["default-src 'none'", `style-src 'sha256-${hash}'`, "base-uri 'none'", formAction, "frame-ancestors 'none'"].join('; ');
  return { css, contentSecurityPolicy };
}

/**
 * The style of a page whose forms post to the page's own origin and may be sent on from there to
 * `origins` (a top-up form's answer sends the customer to Checkout): form-action covers those redirects.
 */
export function allowingForms(style: PageStyle, origins: readonly string[]): PageStyle {
  return { ...style, contentSecurityPolicy: style.contentSecurityPolicy.replace("form-action 'none'", `form-action 'self' ${origins.join(' ')}`) };
}

/** A page that reloads itself: after `seconds`, at `url` (relative to the page). */
export interface PageRefresh {
  seconds: number;
  url: string;
}

export interface Page {
  status: number;
  /** Plain text. */
  title: string;
  style: PageStyle;
  /** Markup the page built, every value in it escaped with escapeHtml. */
  body: string;
  mainClass?: string;
  refresh?: PageRefresh;
}

export function sendPage(response: Response, page: Page): void {
  response
    .status(page.status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': page.style.contentSecurityPolicy,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
    })
    .send(
      `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${page.refresh === undefined ? '' : `<meta http-equiv="refresh" content="${page.refresh.seconds}; url=${escapeHtml(page.refresh.url)}">\n`}<title>${escapeHtml(page.title)}</title>
<style>${page.style.css}</style>
</head>
<body>
<main${page.mainClass ? ` class="${escapeHtml(page.mainClass)}"` : ''}>
${page.body}
</main>
</body>
</html>
`,
    );
}

/**
 * The frame of the server-rendered pages people open from an email: no scripts at all, one stylesheet
 * allowed by its hash, and nothing of the page (or its URL's token) leaks to other sites.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '@passes/application';
import type { Response } from 'express';

const STYLES = `
  :root { color-scheme: light; --ink: #1c1f23; --muted: #5f6670; --line: #e3e6ea; --accent: #0b5fff; --page: #f4f5f7; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--page); color: var(--ink);
    font: 16px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
  main { max-width: 34rem; margin: 0 auto; padding: 1.5rem 1rem 2.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  .lead { color: var(--muted); margin: 0 0 1.25rem; }
  .passes { list-style: none; margin: 0; padding: 0; display: grid; gap: .875rem; }
  .pass { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 1rem 1.125rem; }
  .pass-head { display: flex; align-items: baseline; justify-content: space-between; gap: .75rem; }
  .pass h2 { font-size: 1.125rem; margin: 0; overflow-wrap: anywhere; }
  .template { color: var(--muted); margin: .125rem 0 .75rem; overflow-wrap: anywhere; }
  .status { font-size: .8125rem; font-weight: 600; border-radius: 999px; padding: .125rem .625rem; white-space: nowrap;
    background: #e7f6ec; color: #136c34; }
  .status-checked_in { background: #e8f0ff; color: #1446a0; }
  .status-redeemed { background: #f1f1f1; color: #4a4f55; }
  .status-voided { background: #fdecec; color: #a11b1b; }
  .figures { display: flex; gap: 1.5rem; margin: 0 0 .875rem; }
  .figures dt { font-size: .8125rem; color: var(--muted); }
  .figures dd { margin: 0; font-size: 1.25rem; font-weight: 600; font-variant-numeric: tabular-nums; }
  .download { display: block; text-align: center; background: var(--accent); color: #fff; text-decoration: none;
    font-weight: 600; border-radius: 10px; padding: .75rem 1rem; }
  .serial { font: .8125rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--muted); margin: .625rem 0 0; }
  .notice { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 1.25rem 1.125rem; }
  .notice h1 { font-size: 1.25rem; }
  .notice p { margin: .5rem 0 0; }
  .footnote { color: var(--muted); font-size: .875rem; margin: 1.25rem 0 0; }
`;

const STYLE_HASH = createHash('sha256').update(STYLES).digest('base64');

export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `body` is markup the caller built with escapeHtml; `title` is plain text. */
export function sendPage(response: Response, status: number, title: string, body: string): void {
  response
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    .send(
      `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`,
    );
}

/**
 * The page where a customer asks for the link to their passes (`{app_url}/customer/link`): one email field,
 * then the same "check your email" whether or not the address has passes, as `POST /public/customer/magic-link`.
 */
import { escapeHtml } from '@passes/application';
import type { Response } from 'express';
import { FORM_PAGE_STYLE } from './join-page';
import { sendPage } from './page-document';

export function sendMagicLinkForm(response: Response, email: string, error: string | null, status = 200): void {
  const invalid = error === null ? '' : ' aria-invalid="true" aria-describedby="email-error"';
  sendPage(response, {
    status,
    title: 'Find your passes',
    style: FORM_PAGE_STYLE,
    body: `<h1>Find your passes</h1>
<p class="lead">Enter the email address your passes were issued to: we'll email you a link to them.</p>
<form method="post">
<div class="field"><label for="email">Your email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${invalid}>${
      error === null ? '' : `<p class="error" id="email-error">${escapeHtml(error)}</p>`
    }</div>
<button type="submit">Email me the link</button>
</form>`,
  });
}

export function sendMagicLinkSentPage(response: Response): void {
  sendPage(response, {
    status: 200,
    title: 'Check your email',
    style: FORM_PAGE_STYLE,
    body: `<div class="notice"><h1>Check your email</h1><p>If passes were issued to that address, a link to them is on its way. It works for 15 minutes.</p></div>`,
  });
}

export function sendMagicLinkLimitPage(response: Response): void {
  sendPage(response, {
    status: 429,
    title: 'Please wait a little',
    style: FORM_PAGE_STYLE,
    body: `<div class="notice"><h1>Please wait a little</h1><p>There have been many requests for links. Please try again in a few minutes.</p></div>`,
  });
}

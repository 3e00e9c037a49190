/**
 * A template's public join page (`{app_url}/join/{code}`, issue 38): a form for the fields the template
 * asks, the consent in its own words, and the answers after a join: the email sent, the card closed for
 * now, or no such page. No scripts: the form posts to the page itself.
 */
import { escapeHtml } from '@passes/application';
import type { Template } from '@passes/domain';
import type { Response } from 'express';
import { pageStyle, sendPage, type PageStyle } from './page-document';

const CSS = `
  :root { color-scheme: light; --ink: #1c1f23; --muted: #5f6670; --line: #e3e6ea; --accent: #0b5fff; --page: #f4f5f7; --bad: #a11b1b; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--page); color: var(--ink);
    font: 16px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
  main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem 2.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
  .lead { color: var(--muted); margin: 0 0 1.25rem; }
  form, .notice { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 1.25rem 1.125rem; }
  .field { margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin: 0 0 .25rem; }
  input[type=text], input[type=email], input[type=date], input[type=tel] { width: 100%; font: inherit; padding: .625rem .75rem;
    border: 1px solid #9aa1aa; border-radius: 8px; }
  .consent { display: flex; gap: .625rem; align-items: flex-start; margin: 0 0 1rem; }
  .consent input { margin-top: .3rem; }
  .consent label { font-weight: 400; white-space: pre-line; }
  .error { color: var(--bad); font-size: .875rem; margin: .25rem 0 0; }
  button { width: 100%; font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 10px; padding: .75rem 1rem; }
  .notice h1 { font-size: 1.25rem; }
  .notice p { margin: .5rem 0 0; }
`;

/** The style of the pages with a form for customers: this one and the page that asks for a link to one's passes. */
export const FORM_PAGE_STYLE: PageStyle = pageStyle(CSS, { forms: true });
const STYLE = FORM_PAGE_STYLE;

/** What a customer typed, shown again beside its errors. */
export type JoinForm = Readonly<Record<'customer_name' | 'customer_email' | 'birthday' | 'phone', string>>;
export const EMPTY_JOIN_FORM: JoinForm = { customer_name: '', customer_email: '', birthday: '', phone: '' };

const INPUTS = [
  { name: 'customer_name', label: 'Your name', type: 'text', autocomplete: 'name', field: 'name' },
  { name: 'customer_email', label: 'Your email', type: 'email', autocomplete: 'email', field: 'email' },
  { name: 'birthday', label: 'Your birthday', type: 'date', autocomplete: 'bday', field: 'birthday' },
  { name: 'phone', label: 'Your phone number', type: 'tel', autocomplete: 'tel', field: 'phone' },
] as const;

const errorOf = (errors: Readonly<Record<string, string>>, name: string) => {
  const message = errors[name];
  return message === undefined ? '' : `<p class="error" id="${name}-error">${escapeHtml(message)}</p>`;
};

export function sendJoinForm(response: Response, template: Template, form: JoinForm, errors: Readonly<Record<string, string>>, status = 200): void {
  const inputs = INPUTS.filter((input) => template.enrolment.fields.includes(input.field))
    .map((input) => {
      const invalid = errors[input.name] !== undefined;
      const optional = input.field === 'birthday' || input.field === 'phone' ? ' (optional)' : '';
      return `<div class="field"><label for="${input.name}">${input.label}${optional}</label>
<input id="${input.name}" name="${input.name}" type="${input.type}" autocomplete="${input.autocomplete}" value="${escapeHtml(form[input.name])}"${
        optional ? '' : ' required'
      }${invalid ? ` aria-invalid="true" aria-describedby="${input.name}-error"` : ''}>${errorOf(errors, input.name)}</div>`;
    })
    .join('\n');
  sendPage(response, {
    status,
    title: `Join ${template.name}`,
    style: STYLE,
    body: `<h1>${escapeHtml(template.name)}</h1>
<p class="lead">Get your card: it goes to your phone's wallet, and the link comes by email.</p>
<form method="post">
${inputs}
<div class="consent"><input id="consent" name="consent" type="checkbox" value="yes" required${errors['consent'] ? ' aria-invalid="true" aria-describedby="consent-error"' : ''}>
<label for="consent">${escapeHtml(template.enrolment.consentText ?? '')}</label></div>${errorOf(errors, 'consent')}
<button type="submit">Get my card</button>
</form>`,
  });
}

/** The same words whether the email is new or has its card already: the link goes by email either way. */
export function sendJoinSentPage(response: Response, template: Template, email: string): void {
  notice(response, 200, `Check your email`, `The link to your ${template.name} is on its way to ${email}. Open it on your phone to add the card to your wallet.`);
}

export function sendJoinClosedPage(response: Response, template: Template): void {
  notice(response, 200, `${template.name} is full for now`, 'This card is not taking new members right now. Please ask at the counter, or try again another day.');
}

export function sendNoJoinPage(response: Response): void {
  notice(response, 404, 'No card to join here', 'This join link is not open. Check the address, or ask at the counter for a new one.');
}

export function sendJoinLimitPage(response: Response): void {
  notice(response, 429, 'Please wait a little', 'There have been many tries from here. Please try again in a few minutes.');
}

function notice(response: Response, status: number, title: string, text: string): void {
  sendPage(response, { status, title, style: STYLE, body: `<div class="notice"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></div>` });
}

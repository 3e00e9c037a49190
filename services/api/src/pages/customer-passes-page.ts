/** The customer's page behind a magic link (`{app_url}/customer?token=…`): their passes, or why the link doesn't work. */
import { escapeHtml, type CustomerPass, type CustomerPassesResult } from '@passes/application';
import type { Response } from 'express';
import { customerPassRepresentation } from '../representations/customer-pass-representation';
import { sendPage } from './page-document';

const STATUS_LABELS = { active: 'Active', checked_in: 'Checked in', redeemed: 'Redeemed', voided: 'Voided' } as const;

export function sendCustomerPassesPage(response: Response, result: CustomerPassesResult, appUrl: string): void {
  if (result.status === 'expired') {
    sendPage(
      response,
      401,
      'This link has expired',
      notice(
        'This link has expired',
        'For your security, links to your passes work for 15 minutes.',
        'Ask for a new link where you asked for this one; it will arrive by email.',
      ),
    );
    return;
  }
  if (result.status === 'invalid') {
    sendPage(
      response,
      401,
      "This link doesn't work",
      notice(
        "This link doesn't work",
        'It may be incomplete or changed. Open the link straight from the email, or ask for a new one.',
      ),
    );
    return;
  }
  const count = result.passes.length;
  const lead = count === 0 ? 'There are no passes for this email address any more.' : `${count} ${count === 1 ? 'pass' : 'passes'} for this email address.`;
  const until = result.expiresAt.toISOString().slice(11, 16);
  sendPage(
    response,
    200,
    'Your passes',
    [
      '<h1>Your passes</h1>',
      `<p class="lead">${lead}</p>`,
      count === 0 ? '' : `<ul class="passes">\n${result.passes.map((each) => passCard(each, appUrl)).join('\n')}\n</ul>`,
      `<p class="footnote">This link works until ${until} UTC. Please don't share it: anyone with it can see these passes.</p>`,
    ].join('\n'),
  );
}

function passCard(customerPass: CustomerPass, appUrl: string): string {
  const pass = customerPassRepresentation(customerPass, appUrl);
  const figures: [string, string][] = [
    ['Stamps', String(pass.stamps)],
    ['Points', String(pass.points)],
  ];
  if (pass.balance !== null) figures.push(['Balance', pass.balance.toFixed(2)]);
  return [
    '<li class="pass">',
    `<div class="pass-head"><h2>${escapeHtml(pass.business_name)}</h2><span class="status status-${pass.status}">${STATUS_LABELS[pass.status]}</span></div>`,
    `<p class="template">${escapeHtml(pass.template_name)}</p>`,
    `<dl class="figures">${figures.map(([label, value]) => `<div><dt>${label}</dt><dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>`,
    pass.status === 'voided' ? '' : `<a class="download" href="${escapeHtml(pass.download_url)}">Add to wallet</a>`,
    `<p class="serial">${escapeHtml(pass.serial_number)}</p>`,
    '</li>',
  ].join('\n');
}

function notice(title: string, ...paragraphs: string[]): string {
  return `<div class="notice">\n<h1>${escapeHtml(title)}</h1>\n${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}\n</div>`;
}

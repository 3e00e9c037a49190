/**
 * The customer's page behind a magic link (`{app_url}/customer?token=…`): their passes, each with the
 * code to show at the counter (usable printed or saved, with no wallet), whether it gets automation emails
 * (with the form that stops them or turns them back on), or why the link doesn't work.
 */
import { escapeHtml, type CustomerPass, type CustomerPassesResult, type PassBarcodes, type PassRewards, type PassRewardsView, type Payments, type UnsubscribeLinks } from '@passes/application';
import type { Wallets } from '@passes/wallets';
import type { Response } from 'express';
import { customerPassRepresentation } from '../representations/customer-pass-representation';
import { formatMoney } from './money';
import { pageStyle, sendPage } from './page-document';
import { passCodeFigure, PASS_CODE_CSS, PASS_CODE_PRINT_CSS } from './pass-code-figure';
import { PASS_STATUS_LABELS } from './pass-status-labels';
import { messageSection, MESSAGE_CSS } from './message-section';
import { automationEmailsSection, AUTOMATION_EMAILS_CSS } from './automation-emails-section';
import { rewardsSection, REWARDS_CSS } from './rewards-section';
import { walletButtons, WALLET_BUTTONS_CSS } from './wallet-buttons';

const CSS = `
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
  .holder { font-weight: 600; margin: 0 0 .75rem; overflow-wrap: anywhere; }
${PASS_CODE_CSS}
${REWARDS_CSS}
${MESSAGE_CSS}
${AUTOMATION_EMAILS_CSS}
  .code { margin: 0 auto .875rem; }
${WALLET_BUTTONS_CSS}
  .wallets { margin: 0 0 .75rem; }
  .download { display: block; text-align: center; background: var(--accent); color: #fff; text-decoration: none;
    font-weight: 600; border-radius: 10px; padding: .75rem 1rem; }
  .serial { font: .8125rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--muted); margin: .625rem 0 0; }
  .notice { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 1.25rem 1.125rem; }
  .notice h1 { font-size: 1.25rem; }
  .notice p { margin: .5rem 0 0; }
  .footnote { color: var(--muted); font-size: .875rem; margin: 1.25rem 0 0; }
  @media print {
    body { background: #fff; }
    main { max-width: none; padding: 0; }
    .pass { break-inside: avoid; border-color: #000; }
    .wallets, .download, .footnote, .automation-emails { display: none; }
${PASS_CODE_PRINT_CSS}
  }
`;

// Forms: each pass's automation emails are stopped or turned back on from here.
const STYLE = pageStyle(CSS, { forms: true });

/** A pass on the page: what its holder sees, and the barcode message its wallet pass would carry. */
interface ShownPass {
  customerPass: CustomerPass;
  barcodeMessage: string;
  rewards: PassRewardsView;
  /** Whether the pass's own page offers a top-up (PROGRAMME §5): the card links there. */
  topUp: boolean;
  /** The pass's unsubscribe link, whose forms change its automation emails. */
  unsubscribeUrl: string;
}

type ShownResult = Exclude<CustomerPassesResult, { status: 'valid' }> | { status: 'valid'; passes: ShownPass[]; expiresAt: Date };

export async function sendCustomerPassesPage(
  response: Response,
  result: CustomerPassesResult,
  wallets: Wallets,
  barcodes: PassBarcodes,
  rewards: PassRewards,
  payments: Payments,
  unsubscribeLinks: UnsubscribeLinks,
): Promise<void> {
  const shown: ShownResult =
    result.status === 'valid'
      ? {
          ...result,
          passes: await Promise.all(
            result.passes.map(async (customerPass) => ({
              customerPass,
              barcodeMessage: (await barcodes.codesOf(customerPass.pass)).barcode.message,
              rewards: await rewards.viewOf(customerPass.pass),
              topUp: (await payments.topUpOffer(customerPass.pass)) !== null,
              unsubscribeUrl: unsubscribeLinks.urlFor(customerPass.pass.id),
            })),
          ),
        }
      : result;
  sendPage(response, { ...customerPassesPage(shown, wallets), style: STYLE });
}

function customerPassesPage(result: ShownResult, wallets: Wallets): { status: number; title: string; body: string } {
  if (result.status === 'expired') {
    const title = 'This link has expired';
    return { status: 401, title, body: linkFailed(title, 'For your security, links to your passes work for 15 minutes. A new one arrives by email.') };
  }
  if (result.status === 'invalid') {
    const title = "This link doesn't work";
    return { status: 401, title, body: linkFailed(title, 'It may be incomplete or changed. Open the link straight from the email, or ask for a new one.') };
  }
  const count = result.passes.length;
  const lead = count === 0 ? 'There are no passes for this email address any more.' : `${count} ${count === 1 ? 'pass' : 'passes'} for this email address.`;
  const until = result.expiresAt.toISOString().slice(11, 16);
  const body = [
    '<h1>Your passes</h1>',
    `<p class="lead">${lead}</p>`,
    count === 0 ? '' : `<ul class="passes">\n${result.passes.map((each) => passCard(each, wallets)).join('\n')}\n</ul>`,
    `<p class="footnote">This link works until ${until} UTC. Please don't share it: anyone with it can see these passes.</p>`,
  ].join('\n');
  return { status: 200, title: 'Your passes', body };
}

function passCard({ customerPass, barcodeMessage, rewards, topUp, unsubscribeUrl }: ShownPass, wallets: Wallets): string {
  const links = wallets.links(customerPass.pass);
  const pass = customerPassRepresentation(customerPass, links);
  const usable = pass.status !== 'voided';
  const figures: [string, string][] = [
    ['Stamps', String(pass.stamps)],
    ['Points', String(pass.points)],
  ];
  if (pass.balance !== null) figures.push(['Balance', formatMoney(pass.balance, customerPass.currency)]);
  return [
    '<li class="pass">',
    `<div class="pass-head"><h2>${escapeHtml(pass.business_name)}</h2><span class="status status-${pass.status}">${PASS_STATUS_LABELS[pass.status]}</span></div>`,
    `<p class="template">${escapeHtml(pass.template_name)}</p>`,
    pass.customer_name === null ? '' : `<p class="holder">${escapeHtml(pass.customer_name)}</p>`,
    `<dl class="figures">${figures.map(([label, value]) => `<div><dt>${label}</dt><dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>`,
    usable ? rewardsSection(rewards) : '',
    usable ? messageSection(customerPass.pass.lastMessage) : '',
    usable ? passCodeFigure(barcodeMessage, pass.serial_number) : '',
    usable ? walletButtons(links) : '',
    usable && topUp ? `<a class="download topup-link" href="${escapeHtml(pass.download_url)}#topup">Top up this pass</a>` : '',
    usable ? `<a class="download" href="${escapeHtml(pass.download_url)}">Open this pass to print or save it</a>` : '',
    automationEmailsSection(customerPass.pass, unsubscribeUrl),
    `<p class="serial">${escapeHtml(pass.serial_number)}</p>`,
    '</li>',
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/** Why a link shows no passes, and where to ask for another: the page "Find your passes" (magic-link-page.ts). */
function linkFailed(title: string, why: string): string {
  return `<div class="notice">\n<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(why)}</p>\n<p><a href="/customer/link">Ask for a new link</a></p>\n</div>`;
}

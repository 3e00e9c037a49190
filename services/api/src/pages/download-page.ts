/**
 * The page a pass's download link opens (`{app_url}/passes/{serial_number}/{secret}`): the pass as its
 * holder knows it with the code a wallet would show (so it works printed, saved or on screen with no
 * wallet at all), and a button for each wallet the operator configured. A voided pass says so and shows
 * no code. Its available rewards and the next one show too, and the latest campaign message. Only reachable with the link's secret, so the holder's name may show.
 */
import { escapeHtml, type PassRewardsView } from '@passes/application';
import { minorUnitsToNumber } from '@passes/domain';
import type { PassLinks, WalletPass } from '@passes/wallets';
import { allowingForms, pageStyle, type Page } from './page-document';
import { passCodeFigure, PASS_CODE_CSS, PASS_CODE_PRINT_CSS } from './pass-code-figure';
import { PASS_STATUS_LABELS } from './pass-status-labels';
import { messageSection, MESSAGE_CSS } from './message-section';
import { rewardsSection, REWARDS_CSS } from './rewards-section';
import { topUpSection, TOP_UP_CSS } from './top-up-section';
import type { TopUpReturn } from './top-up-return';
import { walletButtons, WALLET_BUTTONS_CSS } from './wallet-buttons';
import { formatMoney } from './money';

const CSS = `
  :root { color-scheme: light; --ink: #1c1f23; --muted: #5f6670; --line: #e3e6ea; --page: #f4f5f7; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--page); color: var(--ink);
    font: 16px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
  main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem 2.5rem; }
  .card { border-radius: 18px; padding: 1.25rem 1.25rem 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .card h1 { font-size: 1.375rem; margin: 0; overflow-wrap: anywhere; }
  .card .template { margin: .125rem 0 1rem; opacity: .85; overflow-wrap: anywhere; }
  .holder { font-size: 1.125rem; font-weight: 600; margin: 0 0 1rem; overflow-wrap: anywhere; }
  .figures { display: flex; flex-wrap: wrap; gap: 1.25rem; margin: 0; }
  .figures dt { font-size: .8125rem; opacity: .8; }
  .figures dd { margin: 0; font-size: 1.375rem; font-weight: 700; font-variant-numeric: tabular-nums; }
  .status { font-weight: 600; margin: 0 0 1rem; }
  .serial { font: .8125rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; margin: 1rem 0 0; opacity: .8; }
${PASS_CODE_CSS}
${REWARDS_CSS}
${MESSAGE_CSS}
  .hint { color: var(--muted); margin: 1rem 0 0; }
${WALLET_BUTTONS_CSS}
${TOP_UP_CSS}
  .notice { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 1.125rem; margin: 1.5rem 0 0; }
  .notice h2 { font-size: 1.125rem; margin: 0 0 .25rem; }
  .notice p { margin: 0; color: var(--muted); }
  .void .card { filter: grayscale(1); opacity: .75; }
  @media print {
    body { background: #fff; }
    main { max-width: none; padding: 0; }
    .card { box-shadow: none; border: 1px solid #000; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
    .wallets, .hint { display: none; }
${PASS_CODE_PRINT_CSS}
  }
`;

const STYLE = pageStyle(CSS);
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** The card in the template's colours: a rule of the page's one stylesheet, since the CSP allows no style attribute. */
function styleWith(colors: { background: string; foreground: string }): ReturnType<typeof pageStyle> {
  const background = HEX_COLOR.test(colors.background) ? colors.background : '#FFFFFF';
  const foreground = HEX_COLOR.test(colors.foreground) ? colors.foreground : '#000000';
  return pageStyle(`${CSS}  .card { background: ${background}; color: ${foreground}; }\n`);
}

/** A top-up the page offers: where its form posts, the amounts, where Checkout is, and what Checkout sent back. */
export interface PageTopUp {
  action: string;
  amountsMinor: readonly number[];
  checkoutOrigin: string;
  returned: TopUpReturn | null;
}

export function downloadPage(walletPass: WalletPass, links: PassLinks, rewards: PassRewardsView, topUp: PageTopUp | null = null): Page {
  const { pass, template, businessName } = walletPass;
  const voided = pass.status === 'voided';
  const figures: [string, string][] = [
    ['Stamps', template.stampsForReward === null ? String(pass.stamps) : `${pass.stamps} / ${template.stampsForReward}`],
    ['Points', String(pass.points)],
  ];
  if (pass.balanceMinor !== null) figures.push(['Balance', formatMoney(minorUnitsToNumber(pass.balanceMinor), template.currency)]);
  const card = [
    '<section class="card">',
    `<h1>${escapeHtml(businessName)}</h1>`,
    `<p class="template">${escapeHtml(template.name)}</p>`,
    pass.customerName === null ? '' : `<p class="holder">${escapeHtml(pass.customerName)}</p>`,
    `<p class="status">${PASS_STATUS_LABELS[pass.status]}</p>`,
    `<dl class="figures">${figures.map(([label, value]) => `<div><dt>${label}</dt><dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>`,
    voided ? '' : rewardsSection(rewards),
    voided ? '' : messageSection(pass.lastMessage),
    voided ? '' : passCodeFigure(walletPass.codes.barcode.message, pass.serialNumber),
    `<p class="serial">${escapeHtml(pass.serialNumber)}</p>`,
    '</section>',
  ];
  const offer = topUp === null || voided ? '' : topUpSection(topUp.action, topUp.amountsMinor, template.currency, topUp.returned);
  const after = voided ? [voidNotice()] : [offer, '<p class="hint">Show this code at the counter. Print this page or save it to keep your pass without a wallet.</p>', walletButtons(links)];
  return {
    status: 200,
    title: `${businessName} · ${template.name}`,
    style: topUp === null ? styleWith(template.colors) : allowingForms(styleWith(template.colors), [topUp.checkoutOrigin]),
    body: [...card, ...after].filter((part) => part !== '').join('\n'),
    mainClass: voided ? 'void' : 'active',
    ...(topUp?.returned?.kind === 'crediting' && !voided ? { refresh: topUp.returned.refresh } : {}),
  };
}

/** What a link without its secret, with a wrong one, or of no pass at all shows: the same page. */
export function unknownLinkPage(): Page {
  const title = "This link doesn't work";
  return { status: 404, title, style: STYLE, body: `<div class="notice">\n<h2>${escapeHtml(title)}</h2>\n<p>Open the link exactly as you received it, or ask the business for a new one.</p>\n<p><a href="/customer/link">Find your passes by email</a></p>\n</div>` };
}

function voidNotice(): string {
  return '<div class="notice"><h2>This pass is void</h2><p>The business has voided it, so it can no longer be used or added to a wallet.</p></div>';
}

/**
 * "Top up" on a stored-value pass's pages (PROGRAMME §5): a button per amount the business offers, each
 * posting the amount to the page's own top-up route, which sends the holder to Stripe Checkout. No script:
 * a plain form, allowed by the page's CSP (page-document.ts, allowingForms).
 */
import { escapeHtml } from '@passes/application';
import { assertNever, minorUnitsToNumber } from '@passes/domain';
import { formatMoney } from './money';
import type { TopUpReturn } from './top-up-return';

export const TOP_UP_CSS = `
  .topup { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 1.125rem; margin: 1.5rem 0 0; }
  .topup h2 { font-size: 1.125rem; margin: 0 0 .75rem; }
  .topup form { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0; }
  .topup button { font: inherit; font-weight: 600; padding: .625rem 1rem; border-radius: 10px; border: 1px solid #1c1f23; background: #1c1f23; color: #fff; cursor: pointer; }
  .topup p { margin: .75rem 0 0; color: var(--muted); }
`;

/** What the page says after Checkout sent the holder back (top-up-return.ts). */
function returnNote(returned: TopUpReturn | null, money: (minor: number) => string): string {
  if (returned === null) return '<p>Pay securely with Stripe; you come back here afterwards.</p>';
  const status = (text: string) => `<p class="topup-status" role="status">${escapeHtml(text)}</p>`;
  switch (returned.kind) {
    case 'cancelled':
      return status('The top-up was cancelled; nothing was charged.');
    case 'credited':
      return status(`Thank you. Your top-up of ${money(returned.amountMinor)} is credited: the balance above includes it.`);
    case 'crediting':
      return status('Thank you. Your payment is being credited to your balance; this page updates by itself.');
    case 'received':
      return status('Thank you. Your payment is received; the balance will update shortly.');
    default:
      return assertNever(returned);
  }
}

export function topUpSection(action: string, amountsMinor: readonly number[], currency: string | null, returned: TopUpReturn | null): string {
  // Online top-ups are in GBP (PROGRAMME §5), whatever the template shows: the buttons say so as the pages say money.
  const money = (minor: number) => formatMoney(minorUnitsToNumber(minor), currency ?? 'GBP');
  const buttons = amountsMinor
    .map((minor) => `<button type="submit" name="amount" value="${minorUnitsToNumber(minor).toFixed(2)}">Top up ${escapeHtml(money(minor))}</button>`)
    .join('');
  const note = returnNote(returned, money);
  return `<section class="topup" id="topup"><h2>Top up your balance</h2><form method="post" action="${escapeHtml(action)}">${buttons}</form>${note}</section>`;
}

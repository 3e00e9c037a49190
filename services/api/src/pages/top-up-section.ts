/**
 * "Top up" on a stored-value pass's pages (PROGRAMME §5): a button per amount the business offers, each
 * posting the amount to the page's own top-up route, which sends the holder to Stripe Checkout. No script:
 * a plain form, allowed by the page's CSP (page-document.ts, allowingForms).
 */
import { escapeHtml } from '@passes/application';
import { minorUnitsToNumber } from '@passes/domain';
import { formatMoney } from './money';

export const TOP_UP_CSS = `
  .topup { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 1.125rem; margin: 1.5rem 0 0; }
  .topup h2 { font-size: 1.125rem; margin: 0 0 .75rem; }
  .topup form { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0; }
  .topup button { font: inherit; font-weight: 600; padding: .625rem 1rem; border-radius: 10px; border: 1px solid #1c1f23; background: #1c1f23; color: #fff; cursor: pointer; }
  .topup p { margin: .75rem 0 0; color: var(--muted); }
`;

/** What the page says after Checkout sent the holder back (`?topup=paid` or `?topup=cancelled`). */
export type TopUpReturn = 'paid' | 'cancelled' | null;

export function topUpSection(action: string, amountsMinor: readonly number[], currency: string | null, returned: TopUpReturn): string {
  // Online top-ups are in GBP (PROGRAMME §5), whatever the template shows: the buttons say so as the pages say money.
  const buttons = amountsMinor
    .map((minor) => {
      const amount = minorUnitsToNumber(minor);
      return `<button type="submit" name="amount" value="${amount.toFixed(2)}">Top up ${escapeHtml(formatMoney(amount, currency ?? 'GBP'))}</button>`;
    })
    .join('');
  const note =
    returned === 'paid'
      ? '<p class="topup-status">Thank you. Your top-up shows in the balance once the payment is confirmed; reload this page to see it.</p>'
      : returned === 'cancelled'
        ? '<p class="topup-status">The top-up was cancelled; nothing was charged.</p>'
        : '<p>Pay securely with Stripe; you come back here afterwards.</p>';
  return `<section class="topup" id="topup"><h2>Top up your balance</h2><form method="post" action="${escapeHtml(action)}">${buttons}</form>${note}</section>`;
}

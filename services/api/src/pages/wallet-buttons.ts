/** "Add to Apple Wallet" and "Save to Google Wallet": one button for each wallet the operator configured, none otherwise. */
import { escapeHtml } from '@passes/application';
import type { PassLinks } from '@passes/wallets';

export const WALLET_BUTTONS_CSS = `
  .wallets { display: grid; gap: .75rem; margin: 1.5rem 0 0; }
  .wallet { display: block; text-align: center; text-decoration: none; font-weight: 600; font-size: 1.0625rem;
    border-radius: 12px; padding: .875rem 1rem; }
  .apple { background: #000; color: #fff; }
  .google { background: #fff; color: #1f1f1f; border: 1px solid #747775; }
`;

/** Empty when no wallet is configured: the page's code is then the pass. */
export function walletButtons(links: PassLinks): string {
  const buttons = [
    links.appleWalletUrl === null ? '' : `<a class="wallet apple" href="${escapeHtml(links.appleWalletUrl)}">Add to Apple Wallet</a>`,
    links.googleWalletUrl === null ? '' : `<a class="wallet google" href="${escapeHtml(links.googleWalletUrl)}">Save to Google Wallet</a>`,
  ].filter((button) => button !== '');
  return buttons.length === 0 ? '' : `<nav class="wallets" aria-label="Add to a wallet">\n${buttons.join('\n')}\n</nav>`;
}

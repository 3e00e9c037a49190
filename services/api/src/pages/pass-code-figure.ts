/**
 * The code a pass's holder shows at the counter, on the pages that show a pass: the same message its
 * wallet pass carries (the signed validation URL, or the business's own barcode_data), drawn as a QR
 * code on white whatever the card's colours, since a scanner needs the contrast and the quiet zone.
 */
import { escapeHtml } from '@passes/application';
import { qrCodeSvg } from './pass-qr-code';

export const PASS_CODE_CSS = `
  .code { background: #fff; border-radius: 12px; padding: .5rem; margin: 1rem auto 0; max-width: 16rem; }
  .code svg { display: block; width: 100%; height: auto; }
  .code p { color: #1c1f23; margin: .5rem; font-size: .875rem; }
`;

/** Inside the page's `@media print` block: the code at a size a scanner reads off paper. */
export const PASS_CODE_PRINT_CSS = `    .code { max-width: 6cm; break-inside: avoid; }\n`;

export function passCodeFigure(message: string, serialNumber: string): string {
  const svg = qrCodeSvg(message, `QR code of pass ${serialNumber}`);
  const body = svg ?? `<p>This pass's code is too long to show here: give its serial number, ${escapeHtml(serialNumber)}, at the counter.</p>`;
  return `<div class="code">${body}</div>`;
}

/**
 * A pass's barcode message as a QR code in inline SVG, for the pages that show a pass without a wallet:
 * markup in the page itself, so the strict CSP needs no image source and a saved or printed page keeps it.
 * The symbol is encoded by qrcode-generator; this only draws its modules.
 */
import qrcode from 'qrcode-generator';
import { escapeHtml } from '@passes/application';

/** The white margin scanners need around the symbol, in modules. */
const QUIET_ZONE = 4;
/** What the largest QR code (version 40) holds in byte mode at error correction level M. */
const MAX_BYTES = 2331;

/**
 * Null when the message is longer than a QR code holds (a business's own barcode_data may be). The
 * generator's byte mode takes one character per byte: it is handed the UTF-8 bytes as such characters.
 */
export function qrCodeSvg(message: string, label: string): string | null {
  const bytes = Buffer.from(message, 'utf8');
  // Known too long before the generator tries every version to find out.
  if (bytes.length > MAX_BYTES) return null;
  const code = qrcode(0, 'M');
  code.addData(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''), 'Byte');
  code.make();
  const count = code.getModuleCount();
  const size = count + QUIET_ZONE * 2;
  const runs: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; ) {
      if (!code.isDark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && code.isDark(row, column)) column++;
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${column - start}v1h-${column - start}z`);
    }
  }
  return (
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(label)}">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${runs.join('')}" fill="#000"/></svg>`
  );
}

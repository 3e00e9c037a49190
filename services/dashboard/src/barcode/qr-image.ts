/**
 * A QR code as an SVG data URL, drawn from the symbol's modules (qrcode-generator), with the quiet zone
 * scanners need. An `<img>` shows it: no markup is injected, and the CSP allows `data:` images.
 */
import qrcode from 'qrcode-generator';

const QUIET_ZONE = 4;

function qrModules(message: string): boolean[][] {
  const code = qrcode(0, 'M');
  code.addData(unicodeSafe(message), 'Byte');
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => code.isDark(row, column)));
}

export function qrImage(message: string): string {
  const modules = qrModules(message);
  const size = modules.length + QUIET_ZONE * 2;
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z` : '')))
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The generator's byte mode takes one character per byte: hand it the UTF-8 bytes as such characters. */
function unicodeSafe(message: string): string {
  return Array.from(new TextEncoder().encode(message), (byte) => String.fromCharCode(byte)).join('');
}

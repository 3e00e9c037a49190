/**
 * Reads the QR codes the pages draw as inline SVG, as a scanner would: each `svg.qr` of a page's HTML
 * painted to pixels from its rectangles of dark modules, then decoded by jsQR, an independent reader.
 */
import jsQR from 'jsqr';

const PIXELS_PER_MODULE = 4;
const SVG = /<svg class="qr"[^>]*viewBox="0 0 (\d+) \d+"[^>]*aria-label="([^"]*)"[^>]*>.*?<path d="([^"]*)"/g;
const RUN = /M(\d+) (\d+)h(\d+)v1h-\d+z/g;

export interface PageQrCode {
  /** The image's accessible name. */
  label: string;
  /** What the symbol decodes to, or null when no reader could read it. */
  text: string | null;
}

export function qrCodesOf(html: string): PageQrCode[] {
  return Array.from(html.matchAll(SVG), ([, size, label, path]) => ({ label: label ?? '', text: decode(Number(size), path ?? '') }));
}

function decode(modules: number, path: string): string | null {
  const width = modules * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, length] of path.matchAll(RUN)) {
    for (let row = Number(y) * PIXELS_PER_MODULE; row < (Number(y) + 1) * PIXELS_PER_MODULE; row++) {
      const from = Number(x) * PIXELS_PER_MODULE;
      const to = (Number(x) + Number(length)) * PIXELS_PER_MODULE;
      for (let column = from; column < to; column++) pixels.fill(0, (row * width + column) * 4, (row * width + column) * 4 + 3);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

/**
 * PDF417, Aztec and Code 128 as SVG data URLs, drawn by bwip-js. Loaded on demand (a separate chunk), so
 * the QR codes most templates use never pay for it.
 */
import { azteccode, code128, drawingSVG, pdf417 } from 'bwip-js/browser';

type OtherFormat = 'pdf417' | 'aztec' | 'code128';

export function otherSymbologyImage(format: OtherFormat, message: string): string {
  const options = { bcid: '', text: message, scale: 3, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' };
  const svg =
    format === 'pdf417'
      ? pdf417({ ...options, bcid: 'pdf417' }, drawingSVG())
      : format === 'aztec'
        ? azteccode({ ...options, bcid: 'azteccode' }, drawingSVG())
        : code128({ ...options, bcid: 'code128', height: 14 }, drawingSVG());
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

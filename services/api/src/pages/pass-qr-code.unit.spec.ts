/** The pages' QR codes: read back by an independent reader, to the last byte a QR code holds. */
import { describe, expect, it } from '@jest/globals';
import { qrCodesOf } from '../testing/page-qr-codes';
import { qrCodeSvg } from './pass-qr-code';

const read = (message: string) => qrCodesOf(qrCodeSvg(message, 'QR code of pass PS-1') ?? '');

describe('qrCodeSvg', () => {
  it.each([
    ['a signed validation URL', 'https://passes.test/validate/PS-7K3QX9?sig=Zm9vYmFyYmF6cXV4'],
    ['text beyond ASCII, as its UTF-8 bytes', 'Café ☕ – 0042'],
    ['the most a QR code holds at level M, 2,331 bytes', 'x'.repeat(2331)],
  ])('draws %s as a symbol that reads back exactly', (_case, message) => {
    expect(read(message)).toEqual([{ label: 'QR code of pass PS-1', text: message }]);
  });

  it.each([
    ['one byte more than a QR code holds', 'x'.repeat(2332)],
    ['a long text of many-byte characters', '€'.repeat(2048)],
  ])('draws nothing for %s', (_case, message) => {
    expect(qrCodeSvg(message, 'QR code of pass PS-1')).toBeNull();
  });

  it('escapes the label it is given', () => {
    expect(qrCodeSvg('x', '"><script>')).toContain('aria-label="&quot;&gt;&lt;script&gt;"');
  });
});

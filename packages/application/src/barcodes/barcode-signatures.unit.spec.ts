import { describe, expect, it } from '@jest/globals';
import { BarcodeSignatures } from './barcode-signatures';

const signatures = new BarcodeSignatures(new Uint8Array(32).fill(7));
const CODE = 'PS-7K3M-9QXA-2D4F';

describe('barcode signatures', () => {
  it('are 43 base64url characters (HMAC-SHA256) and the same for the same business and code', () => {
    expect(signatures.sign('business-1', CODE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signatures.sign('business-1', CODE)).toBe(signatures.sign('business-1', CODE));
  });

  it('verify what they signed', () => {
    expect(signatures.verify('business-1', CODE, signatures.sign('business-1', CODE))).toBe(true);
  });

  it('differ between businesses for the same code: each business has its own key', () => {
    const signature = signatures.sign('business-1', CODE);
    expect(signatures.sign('business-2', CODE)).not.toBe(signature);
    expect(signatures.verify('business-2', CODE, signature)).toBe(false);
  });

  it('differ under another service secret', () => {
    expect(new BarcodeSignatures(new Uint8Array(32).fill(8)).sign('business-1', CODE)).not.toBe(signatures.sign('business-1', CODE));
  });

  it('refuse another code’s signature', () => {
    expect(signatures.verify('business-1', CODE, signatures.sign('business-1', 'PS-7K3M-9QXA-2D4G'))).toBe(false);
  });

  it.each([
    ['a changed character', (signature: string) => `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`],
    ['one character short', (signature: string) => signature.slice(1)],
    ['one character more', (signature: string) => `${signature}A`],
    ['characters outside base64url', (signature: string) => `${signature.slice(1)}+`],
    ['padding', (signature: string) => `${signature}=`],
    ['nothing', () => ''],
    ['a last character that decodes to the same bytes', (signature: string) => `${signature.slice(0, -1)}${sameBytesAs(signature.slice(-1))}`],
  ])('refuse a signature with %s', (_case, tamper) => {
    expect(signatures.verify('business-1', CODE, tamper(signatures.sign('business-1', CODE)))).toBe(false);
  });
});

/** The last of 43 base64url characters carries 4 bits; the 2 spare bits can differ without changing the bytes. */
function sameBytesAs(last: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return alphabet[alphabet.indexOf(last) ^ 1] ?? last;
}

import { describe, expect, it } from '@jest/globals';
import type { PassCodes } from '@passes/application';
import { evolvePass, type Pass } from '@passes/domain';
import type { PassLinks } from '@passes/wallets';
import { passIssued } from '../../../../packages/domain/src/testing/pass-fixtures';
import { encodedPass } from './encoded-pass';
import { passRepresentation } from './pass-representation';

const issued = (): Pass => {
  const pass = evolvePass(null, passIssued());
  if (pass === null) throw new Error('PassIssued made no pass');
  return pass;
};
const codes = (message = 'https://passes.test/validate/PS-7K3M-9QXA-2D4F'): PassCodes => ({ barcode: { format: 'qr', message }, nfcMessage: null });
const links = (downloadUrl = 'https://passes.test/passes/PS-7K3M-9QXA-2D4F/secret'): PassLinks => ({ downloadUrl, appleWalletUrl: null, googleWalletUrl: null });

describe('a pass encoded as its answer', () => {
  it('is its representation as JSON', () => {
    const pass = issued();
    expect(JSON.parse(encodedPass(pass, codes(), links()))).toEqual(JSON.parse(JSON.stringify(passRepresentation(pass, codes(), links()))));
  });

  it('is kept for the same pass object with equal codes and links: the same text comes back', () => {
    const pass = issued();
    expect(encodedPass(pass, codes(), links())).toBe(encodedPass(pass, codes(), links()));
  });

  it('is encoded again when the barcode, the NFC message or a link differs', () => {
    const pass = issued();
    encodedPass(pass, codes(), links());
    expect(JSON.parse(encodedPass(pass, { barcode: { format: 'aztec', message: 'm' }, nfcMessage: null }, links())).barcode).toEqual({ format: 'aztec', message: 'm' });
    expect(JSON.parse(encodedPass(pass, { ...codes(), nfcMessage: 'tap' }, links())).nfc_message).toBe('tap');
    expect(JSON.parse(encodedPass(pass, codes(), links('https://elsewhere.test/p'))).download_url).toBe('https://elsewhere.test/p');
  });

  it('belongs to one pass object: another with the same id is encoded from its own fields', () => {
    const before = issued();
    encodedPass(before, codes(), links());
    const after: Pass = { ...before, points: before.points + 5 };
    expect(JSON.parse(encodedPass(after, codes(), links())).points).toBe(before.points + 5);
  });
});

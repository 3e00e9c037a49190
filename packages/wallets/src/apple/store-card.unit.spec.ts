import { describe, expect, it } from '@jest/globals';
import { walletPass } from '../testing/wallet-pass-fixture';
import { storeCard, type StoreCardIdentity } from './store-card';

const IDENTITY: StoreCardIdentity = {
  passTypeIdentifier: 'pass.test.passes.loyalty',
  teamIdentifier: 'TEAM123456',
  authenticationToken: 'a-token-of-more-than-sixteen-characters',
  webServiceUrl: 'https://passes.test/wallet/apple',
  nfcEncryptionPublicKey: null,
};

describe('the store card of a pass', () => {
  it('names the pass, its business and template, and where the wallet gets updates', () => {
    expect(storeCard(walletPass(), IDENTITY).pass).toEqual({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.passes.loyalty',
      teamIdentifier: 'TEAM123456',
      serialNumber: 'PS-7K3M-9QXA-2D4F',
      authenticationToken: 'a-token-of-more-than-sixteen-characters',
      webServiceURL: 'https://passes.test/wallet/apple',
      organizationName: 'Corner Café',
      description: 'Coffee card',
      logoText: 'Corner Café',
      backgroundColor: 'rgb(11, 95, 255)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(221, 230, 255)',
      voided: false,
    });
  });

  it('shows the holder, stamps toward the reward, points and balance in its currency, then the template’s fields', () => {
    const { fields } = storeCard(walletPass(), IDENTITY);
    expect(fields.secondaryFields).toEqual([{ key: 'pass_holder', label: 'Name', value: 'Ada Lovelace' }]);
    expect(fields.auxiliaryFields).toEqual([
      { key: 'pass_stamps', label: 'Stamps', value: '7 / 10', changeMessage: 'Stamps: %@' },
      { key: 'pass_points', label: 'Points', value: 120, changeMessage: 'Points: %@' },
      { key: 'pass_balance', label: 'Balance', value: 12.5, currencyCode: 'GBP', changeMessage: 'Balance: %@' },
    ]);
    expect(fields.primaryFields).toEqual([{ key: 'offer', label: 'Offer', value: 'Tenth coffee free' }]);
    expect(fields.backFields).toEqual([{ key: 'pass_serial_number', label: 'Serial number', value: 'PS-7K3M-9QXA-2D4F' }]);
  });

  it('leaves out a balance the pass does not have, and shows stamps alone without a reward goal', () => {
    const { auxiliaryFields } = storeCard(walletPass({ pass: { balanceMinor: null }, template: { stampsForReward: null } }), IDENTITY).fields;
    expect(auxiliaryFields.map((field) => [field.key, field.value])).toEqual([
      ['pass_stamps', 7],
      ['pass_points', 120],
    ]);
  });

  it('carries the pass’s barcode in the template’s symbology, with the serial number beneath', () => {
    expect(storeCard(walletPass({ template: { barcodeFormat: 'pdf417' } }), IDENTITY).barcode).toEqual({
      format: 'PKBarcodeFormatPDF417',
      message: 'https://passes.test/validate/PS-7K3M-9QXA-2D4F',
      messageEncoding: 'iso-8859-1',
      altText: 'PS-7K3M-9QXA-2D4F',
    });
    expect(storeCard(walletPass({ pass: { barcodeData: 'x' } }), IDENTITY).barcode.format).toBe('PKBarcodeFormatQR');
  });

  it('says voided once the pass is void', () => {
    expect(storeCard(walletPass({ pass: { status: 'voided' } }), IDENTITY).pass.voided).toBe(true);
  });

  it('carries nfc when the pass has NFC content and the operator configured Apple’s NFC key', () => {
    const nfcPass = walletPass({ pass: { nfcData: 'member:1815' } });
    expect(storeCard(nfcPass, IDENTITY).nfc).toBeNull();
    expect(storeCard(nfcPass, { ...IDENTITY, nfcEncryptionPublicKey: 'MFkwEwYHKoZIzj0CAQ==' }).nfc).toEqual({ message: 'member:1815', encryptionPublicKey: 'MFkwEwYHKoZIzj0CAQ==' });
    expect(storeCard(walletPass(), { ...IDENTITY, nfcEncryptionPublicKey: 'MFkwEwYHKoZIzj0CAQ==' }).nfc).toBeNull();
  });
});

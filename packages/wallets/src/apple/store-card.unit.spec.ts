import { describe, expect, it } from '@jest/globals';
import { walletPass } from '../testing/wallet-pass-fixture';
import { storeCard, type StoreCardIdentity } from './store-card';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const IDENTITY: StoreCardIdentity = {
  passTypeIdentifier: 'pass.test.passes.loyalty',
  teamIdentifier: 'TEAM123456',
  authenticationToken: 'a-token-of-more-than-sixteen-characters',
  webServiceUrl: 'https://passes.test/wallet/apple',
  nfcEncryptionPublicKey: null,
};

describe('the store card of a pass', () => {
  it('names the pass, its business and template, and where the wallet gets updates', () => {
    expect(storeCard(walletPass(), IDENTITY, NOW).pass).toEqual({
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
    const { fields } = storeCard(walletPass(), IDENTITY, NOW);
    expect(fields.secondaryFields).toEqual([{ key: 'pass_holder', label: 'Name', value: 'Ada Lovelace' }]);
    expect(fields.auxiliaryFields).toEqual([
      { key: 'pass_stamps', label: 'Stamps', value: '7 / 10', changeMessage: 'Stamps: %@' },
      { key: 'pass_points', label: 'Points', value: 120, changeMessage: 'Points: %@' },
      { key: 'pass_balance', label: 'Balance', value: 12.5, currencyCode: 'GBP', changeMessage: 'Balance: %@' },
    ]);
    expect(fields.primaryFields).toEqual([{ key: 'offer', label: 'Offer', value: 'Tenth coffee free' }]);
    expect(fields.backFields).toEqual([{ key: 'pass_serial_number', label: 'Serial number', value: 'PS-7K3M-9QXA-2D4F' }]);
  });

  it('shows the rewards to claim, alerting the holder when one is earned, and how far the next reward is', () => {
    const coffee = { id: 'm-coffee', metric: 'stamps' as const, threshold: 5, reward: { title: 'A free coffee', description: null }, rewardExpiresAfterDays: null };
    const lunch = { ...coffee, id: 'm-lunch', threshold: 10, reward: { title: 'A free lunch', description: null } };
    const earned = { id: 'r-1', milestoneId: 'm-coffee', metric: 'stamps' as const, threshold: 5, title: 'A free coffee', description: null, earnedAt: '2026-11-21T09:30:00.000Z', expiresAt: null, redeemedAt: null };
    const expired = { ...earned, id: 'r-0', title: 'An old biscuit', expiresAt: '2026-11-21T09:59:59.000Z' };
    const { secondaryFields } = storeCard(walletPass({ pass: { rewards: [earned, expired] }, milestones: [coffee, lunch] }), IDENTITY, NOW).fields;
    expect(secondaryFields).toEqual([
      { key: 'pass_holder', label: 'Name', value: 'Ada Lovelace' },
      { key: 'pass_rewards', label: 'Rewards', value: 'A free coffee', changeMessage: 'You earned %@' },
      { key: 'pass_next_reward', label: 'Next reward', value: '3 stamps to A free lunch' },
    ]);
  });

  it('leaves out a balance the pass does not have, and shows stamps alone without a reward goal', () => {
    const { auxiliaryFields } = storeCard(walletPass({ pass: { balanceMinor: null }, template: { stampsForReward: null } }), IDENTITY, NOW).fields;
    expect(auxiliaryFields.map((field) => [field.key, field.value])).toEqual([
      ['pass_stamps', 7],
      ['pass_points', 120],
    ]);
  });

  it('carries the pass’s barcode in the template’s symbology, with the serial number beneath', () => {
    expect(storeCard(walletPass({ template: { barcodeFormat: 'pdf417' } }), IDENTITY, NOW).barcode).toEqual({
      format: 'PKBarcodeFormatPDF417',
      message: 'https://passes.test/validate/PS-7K3M-9QXA-2D4F',
      messageEncoding: 'iso-8859-1',
      altText: 'PS-7K3M-9QXA-2D4F',
    });
    expect(storeCard(walletPass({ pass: { barcodeData: 'x' } }), IDENTITY, NOW).barcode.format).toBe('PKBarcodeFormatQR');
  });

  it('says voided once the pass is void', () => {
    expect(storeCard(walletPass({ pass: { status: 'voided' } }), IDENTITY, NOW).pass.voided).toBe(true);
  });

  it('carries nfc when the pass has NFC content and the operator configured Apple’s NFC key', () => {
    const nfcPass = walletPass({ pass: { nfcData: 'member:1815' } });
    expect(storeCard(nfcPass, IDENTITY, NOW).nfc).toBeNull();
    expect(storeCard(nfcPass, { ...IDENTITY, nfcEncryptionPublicKey: 'MFkwEwYHKoZIzj0CAQ==' }, NOW).nfc).toEqual({ message: 'member:1815', encryptionPublicKey: 'MFkwEwYHKoZIzj0CAQ==' });
    expect(storeCard(walletPass(), { ...IDENTITY, nfcEncryptionPublicKey: 'MFkwEwYHKoZIzj0CAQ==' }, NOW).nfc).toBeNull();
  });

  it('shows the latest message on the back, its change announced on the lock screen', () => {
    const pass = walletPass();
    const messaged = { ...pass, pass: { ...pass.pass, lastMessage: { campaignId: 'c-1', header: '50% off', body: 'This Friday only.', sentAt: '2026-11-21T09:40:00.000Z', notify: true } } };
    expect(storeCard(messaged, IDENTITY, NOW).fields.backFields[0]).toEqual({ key: 'pass_message', label: '50% off', value: 'This Friday only.', changeMessage: '50%% off: %@' });
    expect(storeCard(pass, IDENTITY, NOW).fields.backFields.map((field) => field.key)).not.toContain('pass_message');
  });
});

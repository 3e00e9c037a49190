import { describe, expect, it } from '@jest/globals';
import type { PassCodes, PassRewardsView } from '@passes/application';
import { evolvePass, type Pass } from '@passes/domain';
import type { PassLinks } from '@passes/wallets';
import { passIssued } from '../../../../packages/domain/src/testing/pass-fixtures';
import { encodedPass } from './encoded-pass';
import { passRepresentation } from '@passes/contracts';

const issued = (): Pass => {
  const pass = evolvePass(null, passIssued());
  if (pass === null) throw new Error('PassIssued made no pass');
  return pass;
};
const codes = (message = 'https://passes.test/validate/PS-7K3M-9QXA-2D4F'): PassCodes => ({ barcode: { format: 'qr', message }, nfcMessage: null });
const links = (downloadUrl = 'https://passes.test/passes/PS-7K3M-9QXA-2D4F/secret'): PassLinks => ({ downloadUrl, appleWalletUrl: null, googleWalletUrl: null });

const noRewards: PassRewardsView = { rewards: [], nextReward: null };

describe('a pass encoded as its answer', () => {
  it('is its representation as JSON', () => {
    const pass = issued();
    expect(JSON.parse(encodedPass(pass, codes(), links(), noRewards))).toEqual(JSON.parse(JSON.stringify(passRepresentation(pass, codes(), links(), noRewards))));
  });

  it('is kept for the same pass object with equal codes and links: the same text comes back', () => {
    const pass = issued();
    expect(encodedPass(pass, codes(), links(), noRewards)).toBe(encodedPass(pass, codes(), links(), noRewards));
  });

  it('is encoded again when the barcode, the NFC message or a link differs', () => {
    const pass = issued();
    encodedPass(pass, codes(), links(), noRewards);
    expect(JSON.parse(encodedPass(pass, { barcode: { format: 'aztec', message: 'm' }, nfcMessage: null }, links(), noRewards)).barcode).toEqual({ format: 'aztec', message: 'm' });
    expect(JSON.parse(encodedPass(pass, { ...codes(), nfcMessage: 'tap' }, links(), noRewards)).nfc_message).toBe('tap');
    expect(JSON.parse(encodedPass(pass, codes(), links('https://elsewhere.test/p'), noRewards)).download_url).toBe('https://elsewhere.test/p');
  });

  it("is encoded again when its next reward or a reward's status differs: they change with the time and the milestones", () => {
    const pass = issued();
    encodedPass(pass, codes(), links(), noRewards);
    const nearer: PassRewardsView = { rewards: [], nextReward: { milestoneId: 'm1', title: 'A free coffee', metric: 'stamps', remaining: 3 } };
    expect(JSON.parse(encodedPass(pass, codes(), links(), nearer)).next_reward).toEqual({ milestone_id: 'm1', title: 'A free coffee', metric: 'stamps', remaining: 3 });
  });

  it("is encoded again when a reward's status differs, with the time", () => {
    const pass = issued();
    const reward = { id: 'r1', milestoneId: 'm1', metric: 'stamps', threshold: 10, title: 'A free coffee', description: null, earnedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-02-01T00:00:00.000Z', redeemedAt: null } as const;
    encodedPass(pass, codes(), links(), { rewards: [{ ...reward, status: 'available' }], nextReward: null });
    const later = encodedPass(pass, codes(), links(), { rewards: [{ ...reward, status: 'expired' }], nextReward: null });
    expect(JSON.parse(later).rewards).toEqual([expect.objectContaining({ id: 'r1', status: 'expired' })]);
  });

  it('belongs to one pass object: another with the same id is encoded from its own fields', () => {
    const before = issued();
    encodedPass(before, codes(), links(), noRewards);
    const after: Pass = { ...before, points: before.points + 5 };
    expect(JSON.parse(encodedPass(after, codes(), links(), noRewards)).points).toBe(before.points + 5);
  });
});

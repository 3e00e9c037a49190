/**
 * A pass read from the read model, encoded as its answer once and kept beside it. The embedded read model
 * gives a kept document: frozen, shared by every reader, and replaced by another object (never changed)
 * when its pass changes, so the same object is the same pass (MongoDB's gives a new object each read, whose
 * answer is then encoded each time). The answer is encoded again when the barcode, NFC message or links it
 * carries differ from the ones it was encoded with: they come from the template and the service's settings,
 * which change on their own, and with its rewards' statuses and next reward, which the time and the template's
 * milestones change. Building and encoding the answer is work a `get` of an unchanged pass repeats
 * (docs/decisions.md, "Pass answers kept beside their documents"); it lives as long as its document does.
 */
import type { PassCodes, PassRewardsView } from '@passes/application';
import type { NextReward, Pass } from '@passes/domain';
import type { PassLinks } from '@passes/wallets';
import { passRepresentation } from '@passes/contracts';

interface EncodedPass {
  codes: PassCodes;
  links: PassLinks;
  /** The rewards' statuses and the next reward: they change with the time and the template's milestones. */
  rewards: PassRewardsView;
  text: string;
}

const encodedPasses = new WeakMap<Pass, EncodedPass>();

const sameCodes = (a: PassCodes, b: PassCodes) =>
  a.barcode.format === b.barcode.format && a.barcode.message === b.barcode.message && a.nfcMessage === b.nfcMessage;

const sameLinks = (a: PassLinks, b: PassLinks) =>
  a.downloadUrl === b.downloadUrl && a.appleWalletUrl === b.appleWalletUrl && a.googleWalletUrl === b.googleWalletUrl;

const sameNextReward = (a: NextReward | null, b: NextReward | null) =>
  a === null || b === null ? a === b : a.milestoneId === b.milestoneId && a.title === b.title && a.metric === b.metric && a.remaining === b.remaining;

/** Views of one pass's rewards (the same pass object's): the same rewards, each with the same status, and the same next reward. */
const sameRewards = (a: PassRewardsView, b: PassRewardsView) =>
  a.rewards.length === b.rewards.length &&
  a.rewards.every((reward, index) => reward.id === b.rewards[index]?.id && reward.status === b.rewards[index]?.status) &&
  sameNextReward(a.nextReward, b.nextReward);

/** `passRepresentation(pass, codes, links, rewards)` as JSON text; the same text again for the same pass object and values. */
export function encodedPass(pass: Pass, codes: PassCodes, links: PassLinks, rewards: PassRewardsView): string {
  const kept = encodedPasses.get(pass);
  if (kept !== undefined && sameCodes(kept.codes, codes) && sameLinks(kept.links, links) && sameRewards(kept.rewards, rewards)) return kept.text;
  const text = JSON.stringify(passRepresentation(pass, codes, links, rewards));
  encodedPasses.set(pass, { codes, links, rewards, text });
  return text;
}

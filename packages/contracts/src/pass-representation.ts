/**
 * How a pass looks on the wire (spec: Resources and their fields), with the barcode and NFC message it
 * carries, its wallet links, which hold the download secret (docs/wallets.md), and its rewards as of the
 * answer. Here, beside the answer's schema, so that the API and the operator's tool show a pass alike.
 */
import { minorUnitsToNumber, type BarcodeFormat, type LastMessage, type NextReward, type Pass, type Reward, type RewardStatus } from '@passes/domain';
import type { NextRewardResponse, RewardResponse } from './milestone-responses';
import type { PassResponse } from './pass-responses';

/** The barcode and NFC message a pass carries, as its template and the service's signature make them. */
export interface PassCodesShown {
  barcode: { format: BarcodeFormat; message: string };
  nfcMessage: string | null;
}

/** The pass's download page and wallet links (null for a wallet not configured). */
export interface PassLinksShown {
  downloadUrl: string;
  appleWalletUrl: string | null;
  googleWalletUrl: string | null;
}

/** A reward with its status at the instant shown. */
export interface RewardShown extends Reward {
  status: RewardStatus;
}

/** The rewards the pass carries and its next reward, at the instant shown. */
export interface PassRewardsShown {
  rewards: readonly RewardShown[];
  nextReward: NextReward | null;
}

export function passRepresentation(pass: Pass, codes: PassCodesShown, links: PassLinksShown, rewards: PassRewardsShown): PassResponse {
  return {
    id: pass.id,
    serial_number: pass.serialNumber,
    template_id: pass.templateId,
    customer_name: pass.customerName,
    customer_email: pass.customerEmail,
    external_id: pass.externalId,
    status: pass.status,
    points: pass.points,
    balance: pass.balanceMinor === null ? null : minorUnitsToNumber(pass.balanceMinor),
    stamps: pass.stamps,
    metadata: pass.metadata,
    barcode: codes.barcode,
    nfc_message: codes.nfcMessage,
    barcode_data: pass.barcodeData,
    nfc_data: pass.nfcData,
    download_url: links.downloadUrl,
    apple_wallet_url: links.appleWalletUrl,
    google_wallet_url: links.googleWalletUrl,
    created_at: pass.createdAt,
    updated_at: pass.updatedAt,
    checked_in_at: pass.checkedInAt,
    redeemed_at: pass.redeemedAt,
    voided_at: pass.voidedAt,
    reactivated_at: pass.reactivatedAt,
    ...passRewardsRepresentation(rewards),
    last_message: pass.lastMessage === null ? null : lastMessageRepresentation(pass.lastMessage),
  };
}

export function rewardRepresentation(reward: RewardShown): RewardResponse {
  return {
    id: reward.id,
    milestone_id: reward.milestoneId,
    title: reward.title,
    description: reward.description,
    status: reward.status,
    earned_at: reward.earnedAt,
    redeemed_at: reward.redeemedAt,
    expires_at: reward.expiresAt,
  };
}

/** The pass object's `rewards` and `next_reward`. */
function passRewardsRepresentation(view: PassRewardsShown): { rewards: RewardResponse[]; next_reward: NextRewardResponse | null } {
  return { rewards: view.rewards.map(rewardRepresentation), next_reward: view.nextReward === null ? null : nextRewardRepresentation(view.nextReward) };
}

function nextRewardRepresentation(next: NextReward): NextRewardResponse {
  return { milestone_id: next.milestoneId, title: next.title, metric: next.metric, remaining: next.remaining };
}

function lastMessageRepresentation(message: LastMessage): NonNullable<PassResponse['last_message']> {
  return { campaign_id: message.campaignId, header: message.header, body: message.body, sent_at: message.sentAt };
}

/**
 * How a pass looks on the wire (spec: Resources and their fields), with the barcode and NFC message it
 * carries, its wallet links, which hold the download secret (docs/wallets.md), and its rewards as of the answer.
 */
import type { PassCodes, PassRewardsView } from '@passes/application';
import type { PassResponse, PassSummaryResponse, ScannedPassResponse } from '@passes/contracts';
import { minorUnitsToNumber, type LastMessage, type Pass } from '@passes/domain';
import type { PassLinks } from '@passes/wallets';
import { passRewardsRepresentation } from './milestone-representations';

export function passRepresentation(pass: Pass, codes: PassCodes, links: PassLinks, rewards: PassRewardsView): PassResponse {
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

function lastMessageRepresentation(message: LastMessage): NonNullable<PassResponse['last_message']> {
  return { campaign_id: message.campaignId, header: message.header, body: message.body, sent_at: message.sentAt };
}

export function passSummary(pass: Pass): PassSummaryResponse {
  return { id: pass.id, serial_number: pass.serialNumber, external_id: pass.externalId, status: pass.status };
}

/** What a scanner at the counter needs to see of a pass. */
export function scannedPass(pass: Pass): ScannedPassResponse {
  return {
    id: pass.id,
    serial_number: pass.serialNumber,
    status: pass.status,
    stamps: pass.stamps,
    points: pass.points,
    balance: pass.balanceMinor === null ? null : minorUnitsToNumber(pass.balanceMinor),
  };
}

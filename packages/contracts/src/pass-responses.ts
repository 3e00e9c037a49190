/** How passes answer (docs/api.md, Passes and Scans): the whole pass, its summary, its history and a scan's verdict. */
import { BARCODE_FORMATS, PASS_EVENT_TYPES } from '@passes/domain';
import { z } from 'zod';
import { nextRewardResponse, rewardResponse } from './milestone-responses';
import { instant, metadataResponse, moneyResponse, passStatus } from './wire-formats';

export const passResponse = z.strictObject({
  id: z.string(),
  serial_number: z.string(),
  template_id: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  external_id: z.string().nullable(),
  status: passStatus,
  points: z.int().min(0),
  balance: moneyResponse.nullable(),
  stamps: z.int().min(0),
  metadata: metadataResponse,
  /** What the barcode encodes: the pass's own barcode_data, else the (signed) validation URL. */
  barcode: z.strictObject({ format: z.enum(BARCODE_FORMATS), message: z.string() }),
  nfc_message: z.string().nullable(),
  barcode_data: z.string().nullable(),
  nfc_data: z.string().nullable(),
  download_url: z.string(),
  apple_wallet_url: z.string().nullable(),
  google_wallet_url: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
  checked_in_at: instant.nullable(),
  redeemed_at: instant.nullable(),
  voided_at: instant.nullable(),
  reactivated_at: instant.nullable(),
  /** The latest 50 rewards, newest first (all of them: `GET .../passes/{identifier}/rewards`). */
  rewards: z.array(rewardResponse).max(50),
  /** Null when the pass holds an available reward of every milestone of its template, or it has none. */
  next_reward: nextRewardResponse.nullable(),
  /** The latest message a campaign or an automation showed on the pass (`campaign_id` null for an automation's). */
  last_message: z.strictObject({ campaign_id: z.string().nullable(), header: z.string(), body: z.string(), sent_at: instant }).nullable(),
});
export type PassResponse = z.infer<typeof passResponse>;

export const passSummaryResponse = z.strictObject({
  id: z.string(),
  serial_number: z.string(),
  external_id: z.string().nullable(),
  status: passStatus,
});
export type PassSummaryResponse = z.infer<typeof passSummaryResponse>;

export const passSummaryListResponse = z.array(passSummaryResponse);
export type PassSummaryListResponse = z.infer<typeof passSummaryListResponse>;

export const passHistoryResponse = z.strictObject({
  data: z.array(
    z.strictObject({
      type: z.enum(PASS_EVENT_TYPES),
      /** The event's payload in its current shape (older versions are upcast on read). */
      data: z.record(z.string(), z.unknown()),
      revision: z.int().min(0),
      recorded_at: instant,
      /** Who made the change: `user:{id}`, `api_key:{id}`, `cli`, or `automation:{id}` for an automation's run. */
      actor: z.string(),
      /** The event that caused the change (an automation's trigger), or null. */
      causation_id: z.string().nullable(),
    }),
  ),
  has_more: z.boolean(),
});
export type PassHistoryResponse = z.infer<typeof passHistoryResponse>;

/** What a scanner at the counter sees of a pass. */
export const scannedPassResponse = z.strictObject({
  id: z.string(),
  serial_number: z.string(),
  /** Whom the pass is for, for staff to check at the counter. */
  customer_name: z.string().nullable(),
  status: passStatus,
  stamps: z.int().min(0),
  points: z.int().min(0),
  balance: moneyResponse.nullable(),
});
export type ScannedPassResponse = z.infer<typeof scannedPassResponse>;

export const scanResponse = z.strictObject({
  valid: z.boolean(),
  reason: z.enum(['missing_signature', 'invalid_signature', 'voided', 'redeemed', 'scan_cooldown', 'unknown_code', 'ambiguous_barcode']).nullable(),
  /** Null when no single pass of the business answers to the code. */
  pass: scannedPassResponse.nullable(),
  checked_in: z.boolean(),
});
export type ScanResponse = z.infer<typeof scanResponse>;

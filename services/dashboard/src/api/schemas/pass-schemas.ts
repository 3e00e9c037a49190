/** Passes, their summaries, their history, scans and bulk results as the API answers them. */
import * as z from 'zod/mini';
import { BARCODE_FORMATS } from '../../validation/template-form';

export const PASS_STATUSES = ['active', 'checked_in', 'redeemed', 'voided'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];
const status = z.enum(PASS_STATUSES);

export const passAnswer = z.object({
  id: z.string(),
  serial_number: z.string(),
  template_id: z.string(),
  customer_name: z.nullable(z.string()),
  customer_email: z.nullable(z.string()),
  external_id: z.nullable(z.string()),
  status,
  points: z.number(),
  balance: z.nullable(z.number()),
  stamps: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  barcode: z.object({ format: z.enum(BARCODE_FORMATS), message: z.string() }),
  nfc_message: z.nullable(z.string()),
  download_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  checked_in_at: z.nullable(z.string()),
  redeemed_at: z.nullable(z.string()),
  voided_at: z.nullable(z.string()),
  reactivated_at: z.nullable(z.string()),
});
export type Pass = z.infer<typeof passAnswer>;

export const passSummary = z.object({ id: z.string(), serial_number: z.string(), external_id: z.nullable(z.string()), status });
export type PassSummary = z.infer<typeof passSummary>;
export const passSummaryList = z.array(passSummary);

export const historyAnswer = z.object({
  data: z.array(z.object({ type: z.string(), data: z.record(z.string(), z.unknown()), revision: z.number(), recorded_at: z.string() })),
});
export type HistoryEntry = z.infer<typeof historyAnswer>['data'][number];

export const scanAnswer = z.object({
  valid: z.boolean(),
  reason: z.nullable(z.string()),
  checked_in: z.boolean(),
  pass: z.nullable(
    z.object({ id: z.string(), serial_number: z.string(), status, stamps: z.number(), points: z.number(), balance: z.nullable(z.number()) }),
  ),
});
export type ScanResult = z.infer<typeof scanAnswer>;

const detail = z.object({ path: z.string(), message: z.string() });

export const bulkAnswer = z.object({
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  results: z.array(
    z.object({
      index: z.number(),
      status: z.enum(['created', 'updated', 'error']),
      pass: z.optional(z.object({ id: z.string(), serial_number: z.optional(z.string()) })),
      error: z.optional(z.object({ code: z.string(), message: z.string(), details: z.optional(z.array(detail)) })),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkAnswer>;

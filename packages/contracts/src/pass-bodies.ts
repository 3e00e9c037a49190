/** Bodies of the pass endpoints (spec endpoints 1 and 4). Unknown fields are refused. */
import { z } from 'zod';
import { barcodeData, email, externalId, metadata, metadataPatch, money, name, nfcData, points, stamps } from './field-limits';

export const issuePassBody = z.strictObject({
  template_id: z.string().min(1).max(128),
  customer_name: name.nullish(),
  customer_email: email.nullish(),
  external_id: externalId.nullish(),
  initial_balance: money.nullish(),
  points: points.optional(),
  barcode_data: barcodeData.nullish(),
  nfc_data: nfcData.nullish(),
  metadata: metadata.optional(),
});
export type IssuePassBody = z.infer<typeof issuePassBody>;

export const updatePassBody = z.strictObject({
  customer_name: name.nullable().optional(),
  customer_email: email.nullable().optional(),
  external_id: externalId.nullable().optional(),
  points: points.optional(),
  balance: money.nullable().optional(),
  stamps: stamps.optional(),
  metadata: metadataPatch.optional(),
  barcode_data: barcodeData.nullable().optional(),
  nfc_data: nfcData.nullable().optional(),
});
export type UpdatePassBody = z.infer<typeof updatePassBody>;

/** A template as the API answers it. */
import * as z from 'zod/mini';
import { BARCODE_FORMATS, PASS_TYPES } from '../../validation/template-form';

const displayField = z.object({ key: z.string(), label: z.string(), value: z.string() });

export const templateAnswer = z.object({
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  pass_type: z.enum(PASS_TYPES),
  description: z.nullable(z.string()),
  logo_text: z.nullable(z.string()),
  colors: z.object({ background: z.string(), foreground: z.string(), label: z.string() }),
  display_fields: z.object({
    header: z.array(displayField),
    primary: z.array(displayField),
    secondary: z.array(displayField),
    auxiliary: z.array(displayField),
    back: z.array(displayField),
  }),
  barcode_format: z.enum(BARCODE_FORMATS),
  nfc_message: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  stamps_for_reward: z.nullable(z.number()),
  scan_security: z.object({ signed_barcodes: z.boolean(), scan_cooldown: z.nullable(z.number()), auto_stamp_on_scan: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateAnswer>;

export const templateList = z.object({ data: z.array(templateAnswer) });

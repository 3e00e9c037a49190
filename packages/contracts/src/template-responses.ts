/** How a template answers: its id and business, every setting (docs/api.md, Templates), and its times. */
import { BARCODE_FORMATS, DISPLAY_FIELD_SLOTS, ENROLMENT_FIELDS, PASS_TYPES } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

const colour = z.string().regex(/^#[0-9A-F]{6}$/);
const displayField = z.strictObject({ key: z.string(), label: z.string(), value: z.string() });
const slot = (max: number) => z.array(displayField).max(max);
/** An uploaded image: the hash of its content, and where `{app_url}` serves its largest file (cacheable for good). */
const templateImage = z.strictObject({ hash: z.string(), url: z.string() }).nullable();

export const templateResponse = z.strictObject({
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  pass_type: z.enum(PASS_TYPES),
  description: z.string().nullable(),
  logo_text: z.string().nullable(),
  colors: z.strictObject({ background: colour, foreground: colour, label: colour }),
  display_fields: z.strictObject({
    header: slot(DISPLAY_FIELD_SLOTS.header),
    primary: slot(DISPLAY_FIELD_SLOTS.primary),
    secondary: slot(DISPLAY_FIELD_SLOTS.secondary),
    auxiliary: slot(DISPLAY_FIELD_SLOTS.auxiliary),
    back: slot(DISPLAY_FIELD_SLOTS.back),
  }),
  barcode_format: z.enum(BARCODE_FORMATS),
  nfc_message: z.string().nullable(),
  currency: z.string().nullable(),
  stamps_for_reward: z.int().nullable(),
  scan_security: z.strictObject({
    signed_barcodes: z.boolean(),
    /** Seconds between check-ins: null none, 0 one check-in ever. */
    scan_cooldown: z.int().nullable(),
    auto_stamp_on_scan: z.boolean(),
  }),
  enrolment: z.strictObject({
    enabled: z.boolean(),
    fields: z.array(z.enum(ENROLMENT_FIELDS)),
    consent_text: z.string().nullable(),
    /** The public join page (`{app_url}/join/{code}`); null while enrolment is closed. */
    join_url: z.string().nullable(),
  }),
  /** Null where the template has no image of its own: wallets show the defaults (no strip). */
  images: z.strictObject({ logo: templateImage, icon: templateImage, strip: templateImage }),
  created_at: instant,
  updated_at: instant,
});
export type TemplateResponse = z.infer<typeof templateResponse>;

export const templateListResponse = z.strictObject({ data: z.array(templateResponse) });
export type TemplateListResponse = z.infer<typeof templateListResponse>;

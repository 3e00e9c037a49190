/**
 * Bodies of the template endpoints. Shapes and formats are checked here; rules that span fields (a
 * cooldown's range, display field keys unique after a merge) are the domain's, which refuses them the same way.
 */
import { BARCODE_FORMATS, DISPLAY_FIELD_SLOTS, ENROLMENT_FIELDS, MAX_CONSENT_TEXT_LENGTH, MAX_STAMPS_FOR_REWARD, PASS_TYPES, SCAN_COOLDOWN_RULE, isValidScanCooldown } from '@passes/domain';
import { z } from 'zod';
import { CURRENCY_CODES, CURRENCY_RULE } from './currency-codes';
import { name, nfcData } from './field-limits';
import { text } from './text-rule';

export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_LOGO_TEXT_LENGTH = 60;
export const MAX_FIELD_LABEL_LENGTH = 60;
export const MAX_FIELD_VALUE_LENGTH = 500;


/** Stored in upper case so equal colours compare equal. */
const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #RRGGBB')
  .transform((value) => value.toUpperCase());

const displayField = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -'),
  label: text('line', MAX_FIELD_LABEL_LENGTH),
  // Back fields hold paragraphs (terms, opening hours), so a value may span lines.
  value: text('multiline', MAX_FIELD_VALUE_LENGTH).min(1, 'must not be empty'),
});

const slot = (max: number) => z.array(displayField).max(max, `holds at most ${max} fields`);

const displayFields = z.strictObject({
  header: slot(DISPLAY_FIELD_SLOTS.header),
  primary: slot(DISPLAY_FIELD_SLOTS.primary),
  secondary: slot(DISPLAY_FIELD_SLOTS.secondary),
  auxiliary: slot(DISPLAY_FIELD_SLOTS.auxiliary),
  back: slot(DISPLAY_FIELD_SLOTS.back),
});

const scanSecurity = z.strictObject({
  signed_barcodes: z.boolean(),
  scan_cooldown: z.number().nullable().refine(isValidScanCooldown, SCAN_COOLDOWN_RULE),
  auto_stamp_on_scan: z.boolean(),
});

const colours = z.strictObject({ background: colour, foreground: colour, label: colour });

/** Self-enrolment: whether the join page is open, what it asks (name and email always), the consent it asks for. */
const enrolment = z.strictObject({
  enabled: z.boolean(),
  fields: z
    .array(z.enum(ENROLMENT_FIELDS))
    .max(ENROLMENT_FIELDS.length)
    .refine((fields) => new Set(fields).size === fields.length, 'must not repeat a field'),
  consent_text: text('multiline', MAX_CONSENT_TEXT_LENGTH).nullable(),
});

/** Every setting but the name; all optional, nested objects partial (they merge into what is there). */
const settings = {
  pass_type: z.enum(PASS_TYPES).optional(),
  description: text('line', MAX_DESCRIPTION_LENGTH).nullable().optional(),
  logo_text: text('line', MAX_LOGO_TEXT_LENGTH).nullable().optional(),
  colors: colours.partial().optional(),
  display_fields: displayFields.partial().optional(),
  barcode_format: z.enum(BARCODE_FORMATS).optional(),
  nfc_message: nfcData.nullable().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, CURRENCY_RULE)
    .refine((code) => CURRENCY_CODES.has(code), CURRENCY_RULE)
    .nullable()
    .optional(),
  stamps_for_reward: z.int('must be an integer').min(1).max(MAX_STAMPS_FOR_REWARD).nullable().optional(),
  scan_security: scanSecurity.partial().optional(),
  enrolment: enrolment.partial().optional(),
};

export const createTemplateBody = z.strictObject({ name, ...settings });
export type CreateTemplateBody = z.infer<typeof createTemplateBody>;

export const updateTemplateBody = z.strictObject({ name: name.optional(), ...settings });
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>;

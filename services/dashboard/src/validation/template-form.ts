/**
 * The template editor's form, checked as `POST` and `PATCH /businesses/{id}/templates` check their bodies
 * (docs/api.md, Templates). The form always sends every setting, so a create and an edit share one body.
 */
import * as z from 'zod/mini';
import { checkWith, type Checked } from './field-errors';
import { name, nfcData, textRule } from './field-rules';
import type { TextKind } from '../../../../packages/contracts/src/text-problem';

export const PASS_TYPES = ['loyalty', 'stamp_card', 'gift_card', 'event_ticket', 'coupon', 'membership', 'generic'] as const;
export type PassType = (typeof PASS_TYPES)[number];
export const BARCODE_FORMATS = ['qr', 'pdf417', 'aztec', 'code128'] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];
export const DISPLAY_FIELD_SLOTS = { header: 3, primary: 2, secondary: 4, auxiliary: 4, back: 20 } as const;
export type DisplaySlot = keyof typeof DISPLAY_FIELD_SLOTS;
export const DISPLAY_SLOTS = Object.keys(DISPLAY_FIELD_SLOTS) as DisplaySlot[];

export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_LOGO_TEXT_LENGTH = 60;
export const MAX_FIELD_LABEL_LENGTH = 60;
export const MAX_FIELD_VALUE_LENGTH = 500;
export const MAX_STAMPS_FOR_REWARD = 100;
export const MAX_COOLDOWN_MINUTES = 24 * 60;
export const SCAN_COOLDOWN_RULE = 'must be null (no cooldown), 0 (one check-in) or 60 to 86400 seconds';

const text = (kind: TextKind, max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`), textRule(kind));
const colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #RRGGBB'));

const displayField = z.strictObject({
  key: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -')),
  label: text('line', MAX_FIELD_LABEL_LENGTH),
  value: text('multiline', MAX_FIELD_VALUE_LENGTH).check(z.minLength(1, 'must not be empty')),
});
const slot = (max: number) => z.array(displayField).check(z.maxLength(max, `holds at most ${max} fields`));

export const templateBody = z.strictObject({
  name,
  pass_type: z.enum(PASS_TYPES),
  description: z.nullable(text('line', MAX_DESCRIPTION_LENGTH)),
  logo_text: z.nullable(text('line', MAX_LOGO_TEXT_LENGTH)),
  colors: z.strictObject({ background: colour, foreground: colour, label: colour }),
  display_fields: z.strictObject({
    header: slot(DISPLAY_FIELD_SLOTS.header),
    primary: slot(DISPLAY_FIELD_SLOTS.primary),
    secondary: slot(DISPLAY_FIELD_SLOTS.secondary),
    auxiliary: slot(DISPLAY_FIELD_SLOTS.auxiliary),
    back: slot(DISPLAY_FIELD_SLOTS.back),
  }),
  barcode_format: z.enum(BARCODE_FORMATS),
  nfc_message: z.nullable(nfcData),
  currency: z.nullable(z.string().check(z.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as GBP'))),
  stamps_for_reward: z.nullable(z.int('must be an integer').check(z.gte(1), z.lte(MAX_STAMPS_FOR_REWARD))),
  scan_security: z.strictObject({
    signed_barcodes: z.boolean(),
    scan_cooldown: z.nullable(z.number()).check(z.refine((value) => isValidScanCooldown(value), SCAN_COOLDOWN_RULE)),
    auto_stamp_on_scan: z.boolean(),
  }),
});
export type TemplateBody = z.infer<typeof templateBody>;

export function isValidScanCooldown(cooldown: number | null): boolean {
  if (cooldown === null || cooldown === 0) return true;
  return Number.isInteger(cooldown) && cooldown >= 60 && cooldown <= 86_400;
}

export interface DisplayFieldEntry {
  key: string;
  label: string;
  value: string;
}

export type Cooldown = 'none' | 'once' | 'window';

export interface TemplateForm {
  name: string;
  pass_type: PassType;
  description: string;
  logo_text: string;
  colors: { background: string; foreground: string; label: string };
  display_fields: Readonly<Record<DisplaySlot, readonly DisplayFieldEntry[]>>;
  barcode_format: BarcodeFormat;
  nfc_message: string;
  currency: string;
  stamps_for_reward: string;
  signed_barcodes: boolean;
  cooldown: Cooldown;
  /** Minutes between check-ins, when `cooldown` is `window`. */
  cooldown_minutes: string;
  auto_stamp_on_scan: boolean;
}

export const NEW_TEMPLATE_FORM: TemplateForm = {
  name: '',
  pass_type: 'stamp_card',
  description: '',
  logo_text: '',
  colors: { background: '#1F4FD1', foreground: '#FFFFFF', label: '#D6E0FF' },
  display_fields: { header: [], primary: [], secondary: [], auxiliary: [], back: [] },
  barcode_format: 'qr',
  nfc_message: '',
  currency: '',
  stamps_for_reward: '',
  signed_barcodes: true,
  cooldown: 'none',
  cooldown_minutes: '5',
  auto_stamp_on_scan: false,
};

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function checkTemplate(form: TemplateForm): Checked<TemplateBody> {
  const errors: Record<string, string> = {};
  const stamps = form.stamps_for_reward.trim();
  const stampsForReward = stamps === '' ? null : /^\d+$/.test(stamps) ? Number(stamps) : NaN;
  if (Number.isNaN(stampsForReward)) errors['stamps_for_reward'] = 'must be an integer';
  const cooldown = scanCooldownOf(form);
  if (cooldown === undefined) errors['scan_security.scan_cooldown'] = `must be 1 to ${MAX_COOLDOWN_MINUTES} minutes`;
  const body = {
    name: form.name,
    pass_type: form.pass_type,
    description: blankToNull(form.description),
    logo_text: blankToNull(form.logo_text),
    colors: { background: form.colors.background.toUpperCase(), foreground: form.colors.foreground.toUpperCase(), label: form.colors.label.toUpperCase() },
    display_fields: Object.fromEntries(DISPLAY_SLOTS.map((slot) => [slot, form.display_fields[slot].map((field) => ({ ...field, key: field.key.trim() }))])),
    barcode_format: form.barcode_format,
    nfc_message: form.nfc_message === '' ? null : form.nfc_message,
    currency: blankToNull(form.currency)?.toUpperCase() ?? null,
    stamps_for_reward: stampsForReward,
    scan_security: { signed_barcodes: form.signed_barcodes, scan_cooldown: cooldown ?? null, auto_stamp_on_scan: form.auto_stamp_on_scan },
  };
  const checked = checkWith(templateBody, body);
  const all = { ...(checked.ok ? {} : checked.errors), ...uniqueKeyErrors(form), ...errors };
  if (Object.keys(all).length > 0) return { ok: false, errors: all };
  return checked;
}

/** Seconds as the API takes them; undefined when the minutes typed are no valid window. */
function scanCooldownOf(form: TemplateForm): number | null | undefined {
  if (form.cooldown === 'none') return null;
  if (form.cooldown === 'once') return 0;
  const minutes = form.cooldown_minutes.trim();
  if (!/^\d+$/.test(minutes)) return undefined;
  const value = Number(minutes);
  return value >= 1 && value <= MAX_COOLDOWN_MINUTES ? value * 60 : undefined;
}

/** Keys are unique across every slot; the second use is the one reported, as the API reports it. */
function uniqueKeyErrors(form: TemplateForm): Record<string, string> {
  const seen = new Set<string>();
  const errors: Record<string, string> = {};
  for (const slot of DISPLAY_SLOTS) {
    form.display_fields[slot].forEach((field, index) => {
      const key = field.key.trim();
      if (key !== '' && seen.has(key)) errors[`display_fields.${slot}.${index}.key`] = 'must be unique across all display fields';
      seen.add(key);
    });
  }
  return errors;
}

/** The form showing a template as the API answered it, for editing. */
export function templateFormOf(template: TemplateBody): TemplateForm {
  const cooldown = template.scan_security.scan_cooldown;
  return {
    name: template.name,
    pass_type: template.pass_type,
    description: template.description ?? '',
    logo_text: template.logo_text ?? '',
    colors: { ...template.colors },
    display_fields: template.display_fields,
    barcode_format: template.barcode_format,
    nfc_message: template.nfc_message ?? '',
    currency: template.currency ?? '',
    stamps_for_reward: template.stamps_for_reward === null ? '' : String(template.stamps_for_reward),
    signed_barcodes: template.scan_security.signed_barcodes,
    cooldown: cooldown === null ? 'none' : cooldown === 0 ? 'once' : 'window',
    cooldown_minutes: cooldown === null || cooldown === 0 ? '5' : String(Math.round(cooldown / 60)),
    auto_stamp_on_scan: template.scan_security.auto_stamp_on_scan,
  };
}

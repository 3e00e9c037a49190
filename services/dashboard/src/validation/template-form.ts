/**
 * The template editor's form, checked by the schema of `POST /businesses/{id}/templates` (docs/api.md,
 * Templates). The form always sends every setting, so a create and an edit (`PATCH`) share one body.
 */
import type { z } from 'zod';
import { createTemplateBody, type TemplateResponse } from '@passes/contracts';
import {
  DISPLAY_FIELD_SLOTS,
  MAX_SCAN_COOLDOWN_SECONDS,
  MIN_SCAN_COOLDOWN_SECONDS,
  repeatedFieldKeys,
  UNIQUE_FIELD_KEY_RULE,
  type BarcodeFormat,
  type DisplayFieldSlot,
  type PassType,
} from '@passes/domain';
import { checkWith, type Checked } from './field-errors';

export const DISPLAY_SLOTS = Object.keys(DISPLAY_FIELD_SLOTS) as DisplayFieldSlot[];
/** The domain's cooldown window, in the minutes the form asks for. */
export const COOLDOWN_MINUTES = { min: MIN_SCAN_COOLDOWN_SECONDS / 60, max: MAX_SCAN_COOLDOWN_SECONDS / 60 } as const;

export type TemplateBody = z.output<typeof createTemplateBody>;

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
  display_fields: Readonly<Record<DisplayFieldSlot, readonly DisplayFieldEntry[]>>;
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
  if (cooldown === undefined) errors['scan_security.scan_cooldown'] = `must be ${COOLDOWN_MINUTES.min} to ${COOLDOWN_MINUTES.max} minutes`;
  const body = {
    name: form.name,
    pass_type: form.pass_type,
    description: blankToNull(form.description),
    logo_text: blankToNull(form.logo_text),
    // The API's schema upper-cases colours; the body sent is its output.
    colors: form.colors,
    display_fields: Object.fromEntries(DISPLAY_SLOTS.map((slot) => [slot, form.display_fields[slot].map((field) => ({ ...field, key: field.key.trim() }))])),
    barcode_format: form.barcode_format,
    nfc_message: form.nfc_message === '' ? null : form.nfc_message,
    currency: blankToNull(form.currency)?.toUpperCase() ?? null,
    stamps_for_reward: stampsForReward,
    scan_security: { signed_barcodes: form.signed_barcodes, scan_cooldown: cooldown ?? null, auto_stamp_on_scan: form.auto_stamp_on_scan },
  };
  const checked = checkWith(createTemplateBody, body);
  // The API checks the body's shape before the domain checks the keys, so the shape's message wins a path.
  const all = { ...repeatedKeyErrors(form), ...(checked.ok ? {} : checked.errors), ...errors };
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
  return value >= COOLDOWN_MINUTES.min && value <= COOLDOWN_MINUTES.max ? value * 60 : undefined;
}

/** Keys are unique across every slot; each use after the first is refused, as the API refuses it. */
function repeatedKeyErrors(form: TemplateForm): Record<string, string> {
  const trimmed = Object.fromEntries(DISPLAY_SLOTS.map((slot) => [slot, form.display_fields[slot].map((field) => ({ key: field.key.trim() }))]));
  return Object.fromEntries(repeatedFieldKeys(trimmed).map(({ path }) => [path, UNIQUE_FIELD_KEY_RULE]));
}

/** The form showing a template as the API answered it, for editing. */
export function templateFormOf(template: TemplateResponse): TemplateForm {
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

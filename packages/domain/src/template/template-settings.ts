/**
 * What a template decides about the passes issued from it, modelled on what Apple Wallet and Google
 * Wallet passes offer: a pass style, display fields in the wallet's slots, colours, the barcode
 * symbology, an NFC message, a currency, a stamp goal and the scan security.
 */
import { DomainError } from '../shared/domain-error';
import { requireInteger } from '../shared/require-integer';
import { requireName } from '../shared/require-name';
import { DEFAULT_ENROLMENT, updatedEnrolment, type Enrolment, type EnrolmentUpdate } from './enrolment';
import { DEFAULT_SCAN_SECURITY, requireValidScanSecurity, type ScanSecurity } from './scan-security';

export const PASS_TYPES = ['loyalty', 'stamp_card', 'gift_card', 'event_ticket', 'coupon', 'membership', 'generic'] as const;
export type PassType = (typeof PASS_TYPES)[number];

export const BARCODE_FORMATS = ['qr', 'pdf417', 'aztec', 'code128'] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

/** The slots of a wallet pass's face and back, with how many fields each holds (Apple Wallet's limits). */
export const DISPLAY_FIELD_SLOTS = { header: 3, primary: 2, secondary: 4, auxiliary: 4, back: 20 } as const;
export type DisplayFieldSlot = keyof typeof DISPLAY_FIELD_SLOTS;

export interface DisplayField {
  /** Unique across the template's fields, as wallets require. */
  key: string;
  label: string;
  value: string;
}

export type DisplayFields = Record<DisplayFieldSlot, DisplayField[]>;

export interface TemplateColors {
  background: string;
  foreground: string;
  label: string;
}

export const MAX_STAMPS_FOR_REWARD = 100;

export interface TemplateSettings {
  name: string;
  passType: PassType;
  description: string | null;
  logoText: string | null;
  colors: TemplateColors;
  displayFields: DisplayFields;
  barcodeFormat: BarcodeFormat;
  /** Sent by NFC-capable passes when the holder taps; a pass's own nfc_data replaces it. */
  nfcMessage: string | null;
  /** ISO 4217 code of the balance on gift cards and stored-value passes. */
  currency: string | null;
  /** Stamps that earn the reward on a stamp card. */
  stampsForReward: number | null;
  scanSecurity: ScanSecurity;
  /** The public join page (enrolment.ts). */
  enrolment: Enrolment;
}

/** What a template asks for at creation: a name, and any settings that differ from the defaults. */
export type TemplateDraft = Pick<TemplateSettings, 'name'> & TemplateUpdate;

/** Only the fields present change; colours, display fields and scan security merge one level deep. */
export interface TemplateUpdate {
  name?: string;
  passType?: PassType;
  description?: string | null;
  logoText?: string | null;
  colors?: Partial<TemplateColors>;
  displayFields?: Partial<DisplayFields>;
  barcodeFormat?: BarcodeFormat;
  nfcMessage?: string | null;
  currency?: string | null;
  stampsForReward?: number | null;
  scanSecurity?: Partial<ScanSecurity>;
  enrolment?: EnrolmentUpdate;
}

const DEFAULT_SETTINGS: Omit<TemplateSettings, 'name'> = {
  passType: 'generic',
  description: null,
  logoText: null,
  colors: { background: '#FFFFFF', foreground: '#000000', label: '#666666' },
  displayFields: { header: [], primary: [], secondary: [], auxiliary: [], back: [] },
  barcodeFormat: 'qr',
  nfcMessage: null,
  currency: null,
  stampsForReward: null,
  scanSecurity: DEFAULT_SCAN_SECURITY,
  enrolment: DEFAULT_ENROLMENT,
};

export function defaultTemplateSettings(name: string): TemplateSettings {
  return { ...DEFAULT_SETTINGS, name };
}

/**
 * The settings an update leads to; they are checked as a whole, since a merge can break a rule.
 * `newJoinCode` becomes the join code if this update first opens enrolment.
 */
export function applyTemplateUpdate(settings: TemplateSettings, update: TemplateUpdate, newJoinCode: string): TemplateSettings {
  const merged: TemplateSettings = {
    ...settings,
    ...definedFields(update),
    colors: { ...settings.colors, ...definedFields(update.colors ?? {}) },
    displayFields: { ...settings.displayFields, ...definedFields(update.displayFields ?? {}) },
    scanSecurity: { ...settings.scanSecurity, ...definedFields(update.scanSecurity ?? {}) },
    enrolment: update.enrolment === undefined ? settings.enrolment : updatedEnrolment(settings.enrolment, update.enrolment, newJoinCode),
  };
  return requireValidSettings(merged);
}

function requireValidSettings(settings: TemplateSettings): TemplateSettings {
  const name = requireName(settings.name);
  if (settings.stampsForReward !== null) requireInteger('stamps_for_reward', settings.stampsForReward, { min: 1, max: MAX_STAMPS_FOR_REWARD });
  requireValidScanSecurity(settings.scanSecurity);
  requireUniqueFieldKeys(settings.displayFields);
  return { ...settings, name };
}

export const UNIQUE_FIELD_KEY_RULE = 'must be unique across all display fields';

/** Each use of a display field key after its first, slot by slot (wallets need keys unique across the pass). */
export function repeatedFieldKeys(fields: Readonly<Record<string, readonly Pick<DisplayField, 'key'>[]>>): { path: string; key: string }[] {
  const seen = new Set<string>();
  const repeats: { path: string; key: string }[] = [];
  for (const [slot, slotFields] of Object.entries(fields)) {
    slotFields.forEach((field, index) => {
      if (seen.has(field.key)) repeats.push({ path: `display_fields.${slot}.${index}.key`, key: field.key });
      seen.add(field.key);
    });
  }
  return repeats;
}

function requireUniqueFieldKeys(fields: DisplayFields): void {
  const [repeat] = repeatedFieldKeys(fields);
  if (repeat === undefined) return;
  throw new DomainError('validation_error', `${repeat.path} '${repeat.key}' is used by another display field.`, {
    issues: [{ path: repeat.path, message: UNIQUE_FIELD_KEY_RULE }],
  });
}

/** `undefined` means "not given"; an explicit null is a value (it clears the field). */
function definedFields<Value extends object>(value: Value): Partial<Value> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<Value>;
}

/** A pass template: how its passes look and how they are scanned. Stream `template-{id}`. */
import type { EnrolmentField } from './enrolment';
import type { TemplateImages, TemplateImageSlot } from './template-images';
import type { ScanCooldown } from './scan-security';
import type { BarcodeFormat, DisplayFields, PassType, TemplateColors, TemplateDraft, TemplateSettings, TemplateUpdate } from './template-settings';

/** The settings as events record them (snake_case, like every payload). */
export interface TemplateSettingsData {
  name: string;
  pass_type: PassType;
  description: string | null;
  logo_text: string | null;
  colors: TemplateColors;
  display_fields: DisplayFields;
  barcode_format: BarcodeFormat;
  nfc_message: string | null;
  currency: string | null;
  stamps_for_reward: number | null;
  scan_security: { signed_barcodes: boolean; scan_cooldown: ScanCooldown; auto_stamp_on_scan: boolean };
  /** Absent from events recorded before templates had self-enrolment. */
  enrolment?: { enabled: boolean; fields: EnrolmentField[]; consent_text: string | null; join_code: string | null };
}

export type TemplateEvent =
  | { type: 'TemplateCreated'; data: { template_id: string; business_id: string; occurred_at: string } & TemplateSettingsData }
  /** `changes` holds each changed setting with its whole new value, so one event reads on its own. */
  | { type: 'TemplateUpdated'; data: { changes: Partial<TemplateSettingsData>; occurred_at: string } }
  /** `hash`: of the new image's content, null once it is removed. */
  | { type: 'TemplateImageChanged'; data: { slot: TemplateImageSlot; hash: string | null; occurred_at: string } };


export type TemplateCommand =
  /** `joinCode`: a fresh code, used if the command first opens self-enrolment. */
  | { type: 'CreateTemplate'; templateId: string; businessId: string; draft: TemplateDraft; joinCode: string; now: Date }
  | { type: 'UpdateTemplate'; update: TemplateUpdate; joinCode: string; now: Date }
  /** `hash`: of an image already stored, or null to remove the slot's. */
  | { type: 'ChangeTemplateImage'; slot: TemplateImageSlot; hash: string | null; now: Date };

export interface Template extends TemplateSettings {
  id: string;
  businessId: string;
  images: TemplateImages;
  createdAt: string;
  updatedAt: string;
}

export type TemplateState = Template | null;

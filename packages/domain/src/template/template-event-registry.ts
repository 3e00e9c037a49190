/** How template events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { occurredAt } from '../events/event-fields';
import { eventTypesOf, type EventRegistry } from '../events/event-registry';
import type { TemplateEvent } from './template';
import { templateSettingsData } from './template-settings-data';
import { ENROLMENT_FIELDS } from './enrolment';
import { IMAGE_HASH_PATTERN, TEMPLATE_IMAGE_SLOTS } from './template-images';
import { BARCODE_FORMATS, defaultTemplateSettings, PASS_TYPES } from './template-settings';

const displayField = z.object({ key: z.string(), label: z.string(), value: z.string() });

const settings = z.object({
  name: z.string(),
  pass_type: z.enum(PASS_TYPES),
  description: z.string().nullable(),
  logo_text: z.string().nullable(),
  colors: z.object({ background: z.string(), foreground: z.string(), label: z.string() }),
  display_fields: z.object({
    header: z.array(displayField),
    primary: z.array(displayField),
    secondary: z.array(displayField),
    auxiliary: z.array(displayField),
    back: z.array(displayField),
  }),
  barcode_format: z.enum(BARCODE_FORMATS),
  nfc_message: z.string().nullable(),
  currency: z.string().nullable(),
  stamps_for_reward: z.number().int().nullable(),
  scan_security: z.object({
    signed_barcodes: z.boolean(),
    scan_cooldown: z.number().int().nullable(),
    auto_stamp_on_scan: z.boolean(),
  }),
  enrolment: z
    .object({ enabled: z.boolean(), fields: z.array(z.enum(ENROLMENT_FIELDS)), consent_text: z.string().nullable(), join_code: z.string().nullable() })
    .optional(),
});

export const templateEvents: EventRegistry<TemplateEvent> = {
  TemplateCreated: {
    version: 2,
    schema: settings.extend({ template_id: z.string(), business_id: z.string(), occurred_at: occurredAt }),
    upcasters: {
      // Version 1 was written before templates had settings, and by code that recorded only some of them.
      1: (data) => ({ ...templateSettingsData(defaultTemplateSettings(String(data['name']))), ...data }),
    },
  },
  TemplateUpdated: { version: 1, schema: z.object({ changes: settings.partial(), occurred_at: occurredAt }) },
  TemplateImageChanged: {
    version: 1,
    schema: z.object({ slot: z.enum(TEMPLATE_IMAGE_SLOTS), hash: z.string().regex(IMAGE_HASH_PATTERN).nullable(), occurred_at: occurredAt }),
  },
};

export const TEMPLATE_EVENT_TYPES = eventTypesOf(templateEvents);

/** Between the settings a template holds and the snake_case payload its events record, both ways. */
import type { TemplateSettingsData } from './template';
import { defaultTemplateSettings, type TemplateSettings } from './template-settings';

export function templateSettingsData(settings: TemplateSettings): TemplateSettingsData {
  return {
    name: settings.name,
    pass_type: settings.passType,
    description: settings.description,
    logo_text: settings.logoText,
    colors: settings.colors,
    display_fields: settings.displayFields,
    barcode_format: settings.barcodeFormat,
    nfc_message: settings.nfcMessage,
    currency: settings.currency,
    stamps_for_reward: settings.stampsForReward,
    scan_security: {
      signed_barcodes: settings.scanSecurity.signedBarcodes,
      scan_cooldown: settings.scanSecurity.scanCooldown,
      auto_stamp_on_scan: settings.scanSecurity.autoStampOnScan,
    },
    enrolment: {
      enabled: settings.enrolment.enabled,
      fields: settings.enrolment.fields,
      consent_text: settings.enrolment.consentText,
      join_code: settings.enrolment.joinCode,
    },
  };
}

/**
 * The settings a payload records. Fields it lacks keep their value from `base`: a TemplateCreated
 * recorded before templates had settings (name only) is upcast to the defaults this way, and a
 * TemplateUpdated's partial changes land on the template as it was.
 */
export function templateSettingsFrom(data: Partial<TemplateSettingsData>, base: TemplateSettings): TemplateSettings {
  return {
    name: data.name ?? base.name,
    passType: data.pass_type ?? base.passType,
    description: data.description === undefined ? base.description : data.description,
    logoText: data.logo_text === undefined ? base.logoText : data.logo_text,
    colors: data.colors ?? base.colors,
    displayFields: data.display_fields ?? base.displayFields,
    barcodeFormat: data.barcode_format ?? base.barcodeFormat,
    nfcMessage: data.nfc_message === undefined ? base.nfcMessage : data.nfc_message,
    currency: data.currency === undefined ? base.currency : data.currency,
    stampsForReward: data.stamps_for_reward === undefined ? base.stampsForReward : data.stamps_for_reward,
    scanSecurity:
      data.scan_security === undefined
        ? base.scanSecurity
        : {
            signedBarcodes: data.scan_security.signed_barcodes,
            scanCooldown: data.scan_security.scan_cooldown,
            autoStampOnScan: data.scan_security.auto_stamp_on_scan,
          },
    enrolment:
      data.enrolment === undefined
        ? base.enrolment
        : { enabled: data.enrolment.enabled, fields: data.enrolment.fields, consentText: data.enrolment.consent_text, joinCode: data.enrolment.join_code },
  };
}

export function settingsOf(data: { name: string } & Partial<TemplateSettingsData>): TemplateSettings {
  return templateSettingsFrom(data, defaultTemplateSettings(data.name));
}

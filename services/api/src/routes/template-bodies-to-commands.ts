/** Translates validated template bodies (snake_case) into the domain's draft and update. */
import type { CreateTemplateBody, UpdateTemplateBody } from '@passes/contracts';
import type { TemplateDraft, TemplateUpdate } from '@passes/domain';

export function templateDraft(body: CreateTemplateBody): TemplateDraft {
  return { ...templateUpdate(body), name: body.name };
}

/** Absent fields stay absent (unchanged); null is passed on (it clears). */
export function templateUpdate(body: UpdateTemplateBody): TemplateUpdate {
  const scanSecurity = body.scan_security;
  return {
    name: body.name,
    passType: body.pass_type,
    description: body.description,
    logoText: body.logo_text,
    colors: body.colors,
    displayFields: body.display_fields,
    barcodeFormat: body.barcode_format,
    nfcMessage: body.nfc_message,
    currency: body.currency,
    stampsForReward: body.stamps_for_reward,
    scanSecurity: scanSecurity && {
      signedBarcodes: scanSecurity.signed_barcodes,
      scanCooldown: scanSecurity.scan_cooldown,
      autoStampOnScan: scanSecurity.auto_stamp_on_scan,
    },
    enrolment: body.enrolment && { enabled: body.enrolment.enabled, fields: body.enrolment.fields, consentText: body.enrolment.consent_text },
  };
}

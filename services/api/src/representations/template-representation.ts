/** How a template looks on the wire: its id and business, every setting, and when it was created and last changed. */
import type { TemplateResponse } from '@passes/contracts';
import { templateSettingsData, type Template, type TemplateImageSlot } from '@passes/domain';

/** `joinUrlOf`: the template's public join page, while it is open (Enrolments); `imageUrlOf`: where an image is served (TemplateImages). */
export function templateRepresentation(
  template: Template,
  joinUrlOf: (template: Template) => string | null,
  imageUrlOf: (hash: string, slot: TemplateImageSlot) => string,
): TemplateResponse {
  const image = (slot: TemplateImageSlot) => {
    const hash = template.images[slot];
    return hash === null ? null : { hash, url: imageUrlOf(hash, slot) };
  };
  const { enrolment, ...settings } = templateSettingsData(template);
  return {
    id: template.id,
    business_id: template.businessId,
    // The settings read as the events record them: one snake_case shape for callers and auditors alike.
    ...settings,
    // The join code shows only as the page's address.
    enrolment: { enabled: template.enrolment.enabled, fields: template.enrolment.fields, consent_text: template.enrolment.consentText, join_url: joinUrlOf(template) },
    images: { logo: image('logo'), icon: image('icon'), strip: image('strip') },
    created_at: template.createdAt,
    updated_at: template.updatedAt,
  };
}

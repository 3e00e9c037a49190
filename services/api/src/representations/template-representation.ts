/** How a template looks on the wire: its id and business, every setting, and when it was created and last changed. */
import type { TemplateResponse } from '@passes/contracts';
import { templateSettingsData, type Template } from '@passes/domain';

/** `joinUrlOf`: the template's public join page, while it is open (Enrolments). */
export function templateRepresentation(template: Template, joinUrlOf: (template: Template) => string | null): TemplateResponse {
  const { enrolment, ...settings } = templateSettingsData(template);
  return {
    id: template.id,
    business_id: template.businessId,
    // The settings read as the events record them: one snake_case shape for callers and auditors alike.
    ...settings,
    // The join code shows only as the page's address.
    enrolment: { enabled: template.enrolment.enabled, fields: template.enrolment.fields, consent_text: template.enrolment.consentText, join_url: joinUrlOf(template) },
    created_at: template.createdAt,
    updated_at: template.updatedAt,
  };
}

/** How a template looks on the wire: its id and business, every setting, and when it was created and last changed. */
import type { TemplateResponse } from '@passes/contracts';
import { templateSettingsData, type Template } from '@passes/domain';

export function templateRepresentation(template: Template): TemplateResponse {
  return {
    id: template.id,
    business_id: template.businessId,
    // The settings read as the events record them: one snake_case shape for callers and auditors alike.
    ...templateSettingsData(template),
    created_at: template.createdAt,
    updated_at: template.updatedAt,
  };
}

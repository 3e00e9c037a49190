/** The self-enrolment form of a template, checked by the `enrolment` of `PATCH /businesses/{id}/templates/{id}`. */
import type { z } from 'zod';
import { updateTemplateBody, type TemplateResponse } from '@passes/contracts';
import type { EnrolmentField } from '@passes/domain';
import { checkWith, type Checked } from './field-errors';

export type EnrolmentBody = Pick<z.output<typeof updateTemplateBody>, 'enrolment'>;

export interface EnrolmentForm {
  enabled: boolean;
  askBirthday: boolean;
  askPhone: boolean;
  consentText: string;
}

export function enrolmentFormOf(template: TemplateResponse): EnrolmentForm {
  const { enrolment } = template;
  return { enabled: enrolment.enabled, askBirthday: enrolment.fields.includes('birthday'), askPhone: enrolment.fields.includes('phone'), consentText: enrolment.consent_text ?? '' };
}

/** Opening asks for a consent text, as the API does (`enrolment.consent_text`). */
export function checkEnrolment(form: EnrolmentForm): Checked<EnrolmentBody> {
  const fields: EnrolmentField[] = ['name', 'email', ...(form.askBirthday ? (['birthday'] as const) : []), ...(form.askPhone ? (['phone'] as const) : [])];
  const consentText = form.consentText.trim() === '' ? null : form.consentText;
  if (form.enabled && consentText === null) return { ok: false, errors: { 'enrolment.consent_text': 'must be given to open enrolment' } };
  const checked = checkWith(updateTemplateBody, { enrolment: { enabled: form.enabled, fields, consent_text: consentText } });
  return checked.ok ? { ok: true, body: { enrolment: checked.body.enrolment } } : checked;
}

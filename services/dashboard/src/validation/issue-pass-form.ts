/**
 * Issuing a pass: the form (and each row of a bulk CSV) checked by the schema of `POST /businesses/{id}/passes`.
 * Blank fields are left out of the body. The form also asks whose pass it is.
 */
import type { z } from 'zod';
import { issuePassBody } from '@passes/contracts';
import { minorUnitsToNumber } from '@passes/domain';
import { checkWith, type Checked, type FieldErrors } from './field-errors';
import { optionalInteger, optionalText } from './form-values';
import { typedMoney } from './money-input';

export type IssuePassBody = z.output<typeof issuePassBody>;

export interface MetadataEntry {
  key: string;
  value: string;
}

/** Everything as typed; the CSV parser fills the same shape from a row. */
export interface IssuePassForm {
  template_id: string;
  customer_name: string;
  customer_email: string;
  external_id: string;
  initial_balance: string;
  points: string;
  barcode_data: string;
  nfc_data: string;
  metadata: readonly MetadataEntry[];
}

export const EMPTY_ISSUE_FORM: IssuePassForm = {
  template_id: '',
  customer_name: '',
  customer_email: '',
  external_id: '',
  initial_balance: '',
  points: '',
  barcode_data: '',
  nfc_data: '',
  metadata: [],
};

/** `currency` is the template's, for the starting balance's sign and words; null where it is not known. */
export function checkIssuePass(form: IssuePassForm, currency: string | null): Checked<IssuePassBody> {
  const errors: Record<string, string> = {};
  const body: Record<string, unknown> = { template_id: form.template_id };
  for (const field of ['customer_name', 'customer_email', 'barcode_data', 'nfc_data'] as const) {
    const text = optionalText(form[field]);
    if (text !== null) body[field] = text;
  }
  // An external_id is the caller's own identifier: kept exactly as typed, so the API's rule on spaces applies.
  if (form.external_id !== '') body['external_id'] = form.external_id;
  if (form.initial_balance.trim() !== '') {
    const balance = typedMoney(form.initial_balance, currency);
    if (!balance.ok) errors['initial_balance'] = balance.message;
    else body['initial_balance'] = minorUnitsToNumber(balance.value);
  }
  const startingPoints = optionalInteger(form.points);
  if (!startingPoints.ok) errors['points'] = startingPoints.message;
  else if (startingPoints.value !== null) body['points'] = startingPoints.value;
  const entries = form.metadata.filter((entry) => entry.key.trim() !== '' || entry.value.trim() !== '');
  if (entries.length > 0) {
    const keys = entries.map((entry) => entry.key.trim());
    if (keys.some((key) => key === '')) errors['metadata'] = 'every value needs a name';
    else if (new Set(keys).size !== keys.length) errors['metadata'] = 'each name may appear once';
    else body['metadata'] = Object.fromEntries(entries.map((entry) => [entry.key.trim(), entry.value]));
  }
  const checked = checkWith(issuePassBody, body);
  const all: FieldErrors = checked.ok ? errors : { ...checked.errors, ...errors };
  if (Object.keys(all).length > 0) return { ok: false, errors: all };
  return checked;
}

/** What tells whose pass it is; the API takes a pass with none of them (the spec makes all three optional). */
const HOLDER_FIELDS = ['customer_name', 'customer_email', 'external_id'] as const;

export const NO_HOLDER_MESSAGE = 'Enter a name, an email or an external id: a pass for no one still counts toward your plan.';

/**
 * The single-issue form: the API's checks, and one of its own: a pass with none of the holder's fields
 * is refused at the first of them, so a click on an empty form issues nothing (and counts nothing).
 */
export function checkIssuePassForm(form: IssuePassForm, currency: string | null): Checked<IssuePassBody> {
  const checked = checkIssuePass(form, currency);
  if (HOLDER_FIELDS.some((field) => form[field].trim() !== '')) return checked;
  return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), customer_name: NO_HOLDER_MESSAGE } };
}

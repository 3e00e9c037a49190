/**
 * The form that issues one pass; blank fields are left out, everything else is checked as the API checks
 * it, and a pass for no one (no name, email or external id) is refused beside the customer name. The
 * API's refusals of a field (a 422's details, an external id already taken) show beside that field.
 */
import { useState, type FormEvent } from 'react';
import { MAX_BARCODE_DATA_LENGTH, MAX_NFC_DATA_BYTES, type PassResponse, type TemplateResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { NO_ERRORS, stillStanding, type FieldErrors } from '../../validation/field-errors';
import { checkIssuePassForm, EMPTY_ISSUE_FORM, type IssuePassForm as Form } from '../../validation/issue-pass-form';
import { EXTERNAL_ID_TAKEN, isExternalIdTaken } from './external-id-taken';
import { MetadataEditor } from './MetadataEditor';
import { TemplatePicker } from './TemplatePicker';

const FIELDS = ['template_id', 'customer_name', 'customer_email', 'external_id', 'initial_balance', 'points', 'barcode_data', 'nfc_data', 'metadata'];

type TextFieldName = Exclude<keyof Form, 'metadata' | 'template_id'>;

export function IssuePassForm({ templates, onIssued }: { templates: readonly TemplateResponse[]; onIssued: (pass: PassResponse) => void }) {
  const api = useApi();
  const [form, setForm] = useState<Form>({ ...EMPTY_ISSUE_FORM, template_id: templates[0]?.id ?? '' });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const submission = useSubmission();
  const [checkedForm, setCheckedForm] = useState(form);
  const taken = isExternalIdTaken(submission.problem, checkedForm.external_id);
  const fromApi: FieldErrors = submission.problem?.kind === 'validation' ? submission.problem.errors : taken ? { external_id: EXTERNAL_ID_TAKEN } : NO_ERRORS;
  const found: FieldErrors = { ...fromApi, ...errors };
  const shown = stillStanding(found, checkedForm, form);
  const set = (field: TextFieldName) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const field = (name: TextFieldName, label: string, extra: { hint?: string; type?: string; inputMode?: 'numeric' | 'decimal' | 'email'; autoComplete?: string } = {}) => (
    <TextField label={label} value={form[name]} onChange={set(name)} error={shown[name]} {...extra} />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkIssuePassForm(form, templates.find((template) => template.id === form.template_id)?.currency ?? null);
    setCheckedForm(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const issued = await submission.run(`issue ${JSON.stringify(checked.body)}`, (key) => api.passes.issue(checked.body, key));
    if (issued) onIssued(issued);
  };

  if (templates.length === 0) return <TemplatePicker templates={templates} value="" onChange={() => undefined} />;
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Issue a pass">
      <TemplatePicker templates={templates} value={form.template_id} onChange={(template_id) => setForm((current) => ({ ...current, template_id }))} error={shown['template_id']} />
      {field('customer_name', 'Customer name', { autoComplete: 'off' })}
      {field('customer_email', 'Customer email', { type: 'email', inputMode: 'email', autoComplete: 'off', hint: 'Lets the customer find their pass again, and you find it by email.' })}
      {field('external_id', 'External id', { hint: 'Your own identifier for this customer or card, e.g. from your till. Unique.' })}
      {field('points', 'Starting points', { inputMode: 'numeric' })}
      {field('initial_balance', 'Starting balance', { inputMode: 'decimal', hint: 'For gift cards and stored value; at most 2 decimals.' })}
      <details className="more">
        <summary>Barcode and NFC overrides</summary>
        {field('barcode_data', 'Barcode content', { hint: `Replaces the template's barcode for this pass (up to ${MAX_BARCODE_DATA_LENGTH} characters).` })}
        {field('nfc_data', 'NFC message', { hint: `Up to ${MAX_NFC_DATA_BYTES} bytes.` })}
      </details>
      <MetadataEditor entries={form.metadata} errors={shown} onChange={(metadata) => setForm((current) => ({ ...current, metadata }))} />
      <ProblemNotice problem={taken ? null : submission.problem} fieldPaths={FIELDS} />
      <SubmitButton pending={submission.pending} pendingLabel="Issuing…">
        Issue pass
      </SubmitButton>
    </form>
  );
}

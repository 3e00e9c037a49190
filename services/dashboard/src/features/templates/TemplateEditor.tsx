/**
 * The template form, for a new template and for an existing one, with the live preview beside it (above
 * it on a phone). Checked as the API checks it; the API's own refusals land beside the same fields.
 */
import { useState, type FormEvent } from 'react';
import { MAX_DESCRIPTION_LENGTH, MAX_LOGO_TEXT_LENGTH, MAX_NFC_DATA_BYTES, type TemplateResponse } from '@passes/contracts';
import { BARCODE_FORMATS, MAX_NAME_LENGTH, MAX_STAMPS_FOR_REWARD, PASS_TYPES } from '@passes/domain';
import { useSubmission } from '../../hooks/use-submission';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { NO_ERRORS, stillStanding, type FieldErrors } from '../../validation/field-errors';
import { checkTemplate, type TemplateBody, type TemplateForm } from '../../validation/template-form';
import { DisplayFieldsEditor } from './DisplayFieldsEditor';
import { PassPreview } from './PassPreview';
import { ScanSecurityFields } from './ScanSecurityFields';
import { BARCODE_FORMAT_LABELS, PASS_TYPE_LABELS } from './template-labels';

const FIELDS = ['name', 'pass_type', 'description', 'logo_text', 'colors', 'display_fields', 'barcode_format', 'nfc_message', 'currency', 'stamps_for_reward', 'scan_security'];

interface TemplateEditorProps {
  initial: TemplateForm;
  submitLabel: string;
  save: (body: TemplateBody, idempotencyKey: string) => Promise<TemplateResponse>;
  onSaved: (template: TemplateResponse) => void;
  /** The first reward the card works toward ("10 stamps: Free coffee"), for the preview; none for a new template. */
  rewardLine?: string | null;
  /** The template's images, for the preview; none for a new template. */
  images?: TemplateResponse['images'] | null;
}

export function TemplateEditor({ initial, submitLabel, save, onSaved, rewardLine = null, images = null }: TemplateEditorProps) {
  const [form, setForm] = useState<TemplateForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [checkedForm, setCheckedForm] = useState<TemplateForm>(initial);
  const submission = useSubmission();
  const found: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;
  const shown = stillStanding(found, checkedForm, form);
  const change = (update: Partial<TemplateForm>) => setForm((current) => ({ ...current, ...update }));
  const text = (field: 'name' | 'description' | 'logo_text' | 'nfc_message' | 'currency' | 'stamps_for_reward') => (value: string) => change({ [field]: value });
  const colour = (part: keyof TemplateForm['colors']) => (value: string) => change({ colors: { ...form.colors, [part]: value } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTemplate(form);
    setCheckedForm(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const saved = await submission.run(`template ${JSON.stringify(checked.body)}`, (key) => save(checked.body, key));
    if (saved) onSaved(saved);
  };

  return (
    <div className="editor">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Template">
        <TextField label="Name" value={form.name} onChange={text('name')} error={shown['name']} required maxLength={MAX_NAME_LENGTH} />
        <SelectField
          label="Kind of pass"
          value={form.pass_type}
          choices={PASS_TYPES.map((value) => ({ value, label: PASS_TYPE_LABELS[value] }))}
          onChange={(pass_type) => change({ pass_type })}
          error={shown['pass_type']}
        />
        <TextAreaField label="Description" value={form.description} onChange={text('description')} error={shown['description']} hint={`What the pass is for (up to ${MAX_DESCRIPTION_LENGTH} characters).`} rows={2} />
        <TextField label="Logo text" value={form.logo_text} onChange={text('logo_text')} error={shown['logo_text']} hint={`Shown beside the logo (up to ${MAX_LOGO_TEXT_LENGTH} characters).`} />
        <fieldset className="fieldset colours">
          <legend>Colours</legend>
          <TextField label="Background" type="color" value={form.colors.background} onChange={colour('background')} error={shown['colors.background']} />
          <TextField label="Text" type="color" value={form.colors.foreground} onChange={colour('foreground')} error={shown['colors.foreground']} />
          <TextField label="Labels" type="color" value={form.colors.label} onChange={colour('label')} error={shown['colors.label']} />
        </fieldset>
        <SelectField
          label="Barcode format"
          value={form.barcode_format}
          choices={BARCODE_FORMATS.map((value) => ({ value, label: BARCODE_FORMAT_LABELS[value] }))}
          onChange={(barcode_format) => change({ barcode_format })}
          hint="The counter's camera scanner reads QR codes; other formats need a handheld scanner."
          error={shown['barcode_format']}
        />
        <ScanSecurityFields form={form} errors={shown} onChange={change} />
        <TextField
          label="Stamps for the reward"
          inputMode="numeric"
          value={form.stamps_for_reward}
          onChange={text('stamps_for_reward')}
          error={shown['stamps_for_reward']}
          hint={`For stamp cards: 1 to ${MAX_STAMPS_FOR_REWARD}. Leave empty otherwise.`}
        />
        <TextField label="Currency" value={form.currency} onChange={text('currency')} error={shown['currency']} hint="For balances: an ISO 4217 code such as GBP or EUR." maxLength={3} />
        <TextField label="NFC message" value={form.nfc_message} onChange={text('nfc_message')} error={shown['nfc_message']} hint={`Up to ${MAX_NFC_DATA_BYTES} bytes; a pass may carry its own.`} />
        <DisplayFieldsEditor fields={form.display_fields} errors={shown} onChange={(display_fields) => change({ display_fields })} />
        <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
        <SubmitButton pending={submission.pending} pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
      </form>
      <aside className="editor-preview">
        <PassPreview form={form} rewardLine={rewardLine} images={images} />
      </aside>
    </div>
  );
}

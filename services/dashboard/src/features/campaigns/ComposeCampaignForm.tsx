/** Composing a campaign: its name, the message with a live preview, its audience, and when it goes (a draft, or a time). */
import { useState, type FormEvent } from 'react';
import { DEFAULT_AUDIENCE_STATUSES, MAX_BODY_LENGTH, MAX_HEADER_LENGTH } from '@passes/domain';
import type { CampaignResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { CheckboxField } from '../../ui/CheckboxField';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { MessagePreview } from './MessagePreview';

interface CampaignForm {
  name: string;
  header: string;
  body: string;
  /** Empty: every template. */
  templateId: string;
  /** Empty: any number of stamps. */
  minStamps: string;
  installedOnly: boolean;
  /** `datetime-local` text in the browser's zone; empty: a draft to send by hand. */
  sendAt: string;
}

const EMPTY: CampaignForm = { name: '', header: '', body: '', templateId: '', minStamps: '', installedOnly: false, sendAt: '' };
const WHOLE_NUMBER = /^\d{1,9}$/;

function formErrors(form: CampaignForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.name.trim() === '') errors['name'] = 'must not be empty';
  if (form.header.trim() === '' || form.header.trim().length > MAX_HEADER_LENGTH) errors['message.header'] = `must be 1 to ${MAX_HEADER_LENGTH} characters`;
  if (form.body.trim() === '' || form.body.trim().length > MAX_BODY_LENGTH) errors['message.body'] = `must be 1 to ${MAX_BODY_LENGTH} characters`;
  if (form.minStamps !== '' && !WHOLE_NUMBER.test(form.minStamps)) errors['audience.min_stamps'] = 'must be a whole number of at least 0';
  return errors;
}

export function ComposeCampaignForm({ onCreated }: { onCreated: (campaign: CampaignResponse) => void }) {
  const api = useApi();
  const [form, setForm] = useState<CampaignForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submission = useSubmission();
  const templates = useResource(() => api.templates.list(), 'templates');
  const templateChoices = [{ value: '', label: 'Every template' }, ...(templates.resource.status === 'ready' ? templates.resource.data.data.map((template) => ({ value: template.id, label: template.name })) : [])];
  const shown = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = formErrors(form);
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    const body = {
      name: form.name.trim(),
      message: { header: form.header.trim(), body: form.body.trim() },
      audience: {
        ...(form.templateId === '' ? {} : { template_id: form.templateId }),
        ...(form.minStamps === '' ? {} : { min_stamps: Number(form.minStamps) }),
        statuses: [...DEFAULT_AUDIENCE_STATUSES],
        installed_only: form.installedOnly,
      },
      ...(form.sendAt === '' ? {} : { send_at: new Date(form.sendAt).toISOString() }),
    };
    const created = await submission.run(`campaign ${JSON.stringify(body)}`, (key) => api.campaigns.create(body, key));
    if (created) {
      setForm(EMPTY);
      onCreated(created);
    }
  };

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-label="Compose a campaign">
      <h2>Compose a campaign</h2>
      <TextField label="Name" value={form.name} onChange={(name) => setForm({ ...form, name })} error={shown['name']} hint="For you; holders never see it." />
      <TextField
        label="Headline"
        value={form.header}
        onChange={(header) => setForm({ ...form, header })}
        error={shown['message.header']}
        hint={`Up to ${MAX_HEADER_LENGTH} characters.`}
      />
      <TextAreaField label="Message" value={form.body} onChange={(body) => setForm({ ...form, body })} error={shown['message.body']} hint={`Up to ${MAX_BODY_LENGTH} characters.`} />
      <fieldset className="fieldset">
        <legend>Audience</legend>
        <SelectField label="Passes of" value={form.templateId} choices={templateChoices} onChange={(templateId) => setForm({ ...form, templateId })} error={shown['audience.template_id']} />
        <TextField
          label="With at least this many stamps"
          inputMode="numeric"
          value={form.minStamps}
          onChange={(minStamps) => setForm({ ...form, minStamps })}
          error={shown['audience.min_stamps']}
          hint="Leave empty for any number. Active and checked-in passes only."
        />
        <CheckboxField label="Only passes added to a wallet" checked={form.installedOnly} onChange={(installedOnly) => setForm({ ...form, installedOnly })} />
      </fieldset>
      <TextField
        label="Send at"
        type="datetime-local"
        value={form.sendAt}
        onChange={(sendAt) => setForm({ ...form, sendAt })}
        error={shown['send_at']}
        hint="Leave empty to keep it as a draft and send it when you choose; at most 90 days ahead."
      />
      <MessagePreview header={form.header} body={form.body} />
      <ProblemNotice problem={submission.problem} fieldPaths={['name', 'message', 'audience', 'send_at']} />
      <SubmitButton pending={submission.pending} pendingLabel="Saving…">
        {form.sendAt === '' ? 'Save draft' : 'Schedule'}
      </SubmitButton>
    </form>
  );
}

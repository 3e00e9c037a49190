/** Composing a campaign: its name, the message with a live preview, and when it goes (a draft, or a time). */
import { useState, type FormEvent } from 'react';
import { MAX_BODY_LENGTH, MAX_HEADER_LENGTH } from '@passes/domain';
import type { CampaignResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { MessagePreview } from './MessagePreview';

interface CampaignForm {
  name: string;
  header: string;
  body: string;
  /** `datetime-local` text in the browser's zone; empty: a draft to send by hand. */
  sendAt: string;
}

const EMPTY: CampaignForm = { name: '', header: '', body: '', sendAt: '' };

function formErrors(form: CampaignForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.name.trim() === '') errors['name'] = 'must not be empty';
  if (form.header.trim() === '' || form.header.trim().length > MAX_HEADER_LENGTH) errors['message.header'] = `must be 1 to ${MAX_HEADER_LENGTH} characters`;
  if (form.body.trim() === '' || form.body.trim().length > MAX_BODY_LENGTH) errors['message.body'] = `must be 1 to ${MAX_BODY_LENGTH} characters`;
  return errors;
}

export function ComposeCampaignForm({ onCreated }: { onCreated: (campaign: CampaignResponse) => void }) {
  const api = useApi();
  const [form, setForm] = useState<CampaignForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submission = useSubmission();
  const shown = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = formErrors(form);
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    const body = {
      name: form.name.trim(),
      message: { header: form.header.trim(), body: form.body.trim() },
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
      <TextField
        label="Send at"
        type="datetime-local"
        value={form.sendAt}
        onChange={(sendAt) => setForm({ ...form, sendAt })}
        error={shown['send_at']}
        hint="Leave empty to keep it as a draft and send it when you choose; at most 90 days ahead."
      />
      <MessagePreview header={form.header} body={form.body} />
      <ProblemNotice problem={submission.problem} fieldPaths={['name', 'message', 'send_at']} />
      <SubmitButton pending={submission.pending} pendingLabel="Saving…">
        {form.sendAt === '' ? 'Save draft' : 'Schedule'}
      </SubmitButton>
    </form>
  );
}

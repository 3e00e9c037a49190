/** Registering a webhook: the address, the events it wants, a note. Its signing secret comes back once. */
import { useState, type FormEvent } from 'react';
import type { RegisteredWebhookResponse } from '@passes/contracts';
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from '@passes/domain';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { FieldMessages } from '../../ui/FieldMessages';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { useFieldIds } from '../../ui/use-field-ids';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';
import { checkWebhook, type WebhookForm } from '../../validation/webhook-form';

const EMPTY: WebhookForm = { url: '', events: [...WEBHOOK_EVENT_NAMES], description: '' };

export function CreateWebhookForm({ onCreated }: { onCreated: (webhook: RegisteredWebhookResponse) => void }) {
  const api = useApi();
  const [form, setForm] = useState<WebhookForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;
  const eventsError = Object.entries(shown).find(([path]) => path === 'events' || path.startsWith('events.'))?.[1];
  const eventIds = useFieldIds(false, Boolean(eventsError));
  const toggle = (event: WebhookEventName, on: boolean) =>
    setForm((current) => ({ ...current, events: on ? WEBHOOK_EVENT_NAMES.filter((name) => name === event || current.events.includes(name)) : current.events.filter((name) => name !== event) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWebhook(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const created = await submission.run(`webhook ${JSON.stringify(checked.body)}`, (key) => api.webhooks.create(checked.body, key));
    if (created) {
      setForm(EMPTY);
      onCreated(created);
    }
  };

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a webhook">
      <h2>Add a webhook</h2>
      <TextField
        label="Address (URL)"
        type="url"
        inputMode="url"
        value={form.url}
        onChange={(url) => setForm({ ...form, url })}
        error={shown['url']}
        hint="An https:// address of yours that receives a signed POST for each event."
        placeholder="https://example.com/hooks/passes"
      />
      <fieldset className="fieldset events" aria-describedby={eventIds.describedBy}>
        <legend>Events</legend>
        {WEBHOOK_EVENT_NAMES.map((name) => (
          <label key={name} className="inline-check">
            <input type="checkbox" checked={form.events.includes(name)} onChange={(event) => toggle(name, event.target.checked)} /> <code>{name}</code>
          </label>
        ))}
        <FieldMessages ids={eventIds} error={eventsError} />
      </fieldset>
      <TextField label="Description" value={form.description} onChange={(description) => setForm({ ...form, description })} error={shown['description']} hint="Optional, up to 500 characters." />
      <ProblemNotice problem={submission.problem} fieldPaths={['url', 'events', 'description']} />
      <SubmitButton pending={submission.pending} pendingLabel="Adding…">
        Add webhook
      </SubmitButton>
    </form>
  );
}

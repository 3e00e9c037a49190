/** Creating an API key: a name, live or sandbox data, full or read-only access. The key comes back once. */
import { useState, type FormEvent } from 'react';
import type { CreatedApiKeyResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { CheckboxField } from '../../ui/CheckboxField';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { checkApiKey, type ApiKeyForm } from '../../validation/api-key-form';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';

const MODES = [
  { value: 'live', label: 'Live: real passes' },
  { value: 'test', label: 'Test: sandbox passes only' },
] as const;

export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKeyResponse) => void }) {
  const api = useApi();
  const [form, setForm] = useState<ApiKeyForm>({ name: '', mode: 'live', readOnly: false });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkApiKey(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const created = await submission.run(`api-key ${JSON.stringify(checked.body)}`, (key) => api.business.apiKeys.create(checked.body, key));
    if (created) {
      setForm({ name: '', mode: 'live', readOnly: false });
      onCreated(created);
    }
  };

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-label="Create an API key">
      <h2>Create a key</h2>
      <TextField label="Name" value={form.name} onChange={(name) => setForm({ ...form, name })} error={shown['name']} hint="Where it is used, e.g. “Till 1” or “Website”." />
      <SelectField label="Data" value={form.mode} choices={MODES} onChange={(mode) => setForm({ ...form, mode })} error={shown['mode']} />
      <CheckboxField
        label="Read-only"
        checked={form.readOnly}
        onChange={(readOnly) => setForm({ ...form, readOnly })}
        hint="The key can read passes but not issue or change them."
        error={shown['scopes']}
      />
      <ProblemNotice problem={submission.problem} fieldPaths={['name', 'mode', 'scopes']} />
      <SubmitButton pending={submission.pending} pendingLabel="Creating…">
        Create key
      </SubmitButton>
    </form>
  );
}

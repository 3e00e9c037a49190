/** Inviting someone: their email and a role. The invite link goes to them by email, good once for 7 days. */
import { useState, type FormEvent } from 'react';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';
import { checkInviteUser, type InviteUserForm as Form } from '../../validation/user-forms';
import { ROLE_CHOICES } from './role-words';

const FIELDS = ['email', 'role'] as const;

export function InviteUserForm({ onInvited }: { onInvited: () => void }) {
  const api = useApi();
  const [form, setForm] = useState<Form>({ email: '', role: 'staff' });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [sent, setSent] = useState<string | null>(null);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const checked = checkInviteUser(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const invited = await submission.run(`invite ${JSON.stringify(checked.body)}`, (key) => api.users.invite(checked.body, key));
    if (invited) {
      setForm({ email: '', role: form.role });
      setSent(invited.email);
      onInvited();
    }
  };

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-label="Invite someone">
      <h2>Invite someone</h2>
      <TextField
        label="Email"
        type="email"
        value={form.email}
        onChange={(email) => setForm({ ...form, email })}
        error={shown['email']}
        autoComplete="off"
        required
      />
      <SelectField label="Role" value={form.role} choices={ROLE_CHOICES} onChange={(role) => setForm({ ...form, role })} error={shown['role']} />
      <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
      {sent && (
        <p className="notice info" role="status">
          Invite sent to {sent}. The link in it works once, for 7 days.
        </p>
      )}
      <SubmitButton pending={submission.pending} pendingLabel="Inviting…">
        Send invite
      </SubmitButton>
    </form>
  );
}

/** Accepting an invite (`POST /auth/accept-invite`) from the emailed link: a name, a password, and in. */
import { useState, type FormEvent } from 'react';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { navigate, useLocation } from '../../router/location';
import { useSession } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';
import { checkAcceptInvite, type AcceptInviteForm } from '../../validation/user-forms';

const FIELDS = ['name', 'password'] as const;

export function AcceptInvitePage() {
  const { accounts, start } = useSession();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [form, setForm] = useState<AcceptInviteForm>({ name: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAcceptInvite(token, form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const login = await submission.run(`accept-invite ${JSON.stringify(checked.body)}`, (key) => accounts.acceptInvite(checked.body, key));
    if (!login?.access_token) return;
    start(login.access_token, login.business_id, login.expires_in);
    navigate('/', { replace: true });
  };

  if (token === '') {
    return (
      <>
        <PageHeader title="Accept your invite" />
        <p className="notice error" role="alert">
          This link is incomplete. Open the whole link from the invite email, or ask the business owner for a new invite.
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Accept your invite" />
      <p>Choose the password you will log in with. The link works once.</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Your name" value={form.name} onChange={(name) => setForm({ ...form, name })} error={shown['name']} autoComplete="name" hint="Optional: how the team sees you." />
        <TextField
          label="Password"
          type="password"
          value={form.password}
          onChange={(password) => setForm({ ...form, password })}
          error={shown['password']}
          autoComplete="new-password"
          hint="At least 10 characters."
          required
        />
        <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
        <SubmitButton pending={submission.pending} pendingLabel="Joining…">
          Join the team
        </SubmitButton>
      </form>
      <p>
        Already joined? <Link to="/login">Log in</Link>
      </p>
    </>
  );
}

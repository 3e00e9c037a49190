/** Log in (`POST /auth/login`); then back to where the user was when the session ended. */
import { useState, type FormEvent } from 'react';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { navigate, useLocation } from '../../router/location';
import { useSession } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { checkLogIn, type LogInBody } from '../../validation/account-forms';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';

const FIELDS = ['email', 'password'] as const;

export function LogInPage() {
  const { accounts, start, ended } = useSession();
  const { search } = useLocation();
  const [form, setForm] = useState<LogInBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const submission = useSubmission();
  const set = (field: keyof LogInBody) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLogIn(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const login = await submission.run(`login ${JSON.stringify(checked.body)}`, (key) => accounts.logIn(checked.body, key));
    if (!login?.access_token) return;
    start(login.access_token, login.business_id, login.expires_in);
    navigate(safeNext(search), { replace: true });
  };

  return (
    <>
      <PageHeader title="Log in" />
      {ended === 'expired' && (
        <p className="notice info" role="status">
          Your session has ended. Log in again to continue where you were.
        </p>
      )}
      {ended === 'logged_out' && (
        <p className="notice info" role="status">
          You have logged out.
        </p>
      )}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Email" type="email" value={form.email} onChange={set('email')} error={errors['email']} autoComplete="username" required />
        <TextField label="Password" type="password" value={form.password} onChange={set('password')} error={errors['password']} autoComplete="current-password" required />
        <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
        <SubmitButton pending={submission.pending} pendingLabel="Logging in…">
          Log in
        </SubmitButton>
      </form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </>
  );
}

/** Only a path inside the dashboard: never an address elsewhere (`//evil.example`). */
function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/';
}

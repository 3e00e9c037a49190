/** Choosing a new password from the emailed link (`POST /auth/password-reset/complete`), then in. */
import { useState, type FormEvent } from 'react';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { navigate, useLocation } from '../../router/location';
import { useSession } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { checkPasswordReset } from '../../validation/account-forms';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';

const FIELDS = ['password'] as const;

export function ResetPasswordPage() {
  const { accounts, start } = useSession();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPasswordReset(token, password);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const login = await submission.run(`reset-password ${JSON.stringify(checked.body)}`, (key) => accounts.resetPassword(checked.body, key));
    if (!login?.access_token) return;
    start(login.access_token, login.business_id, login.expires_in);
    navigate('/', { replace: true });
  };

  return (
    <>
      <PageHeader title="Choose a new password" />
      {token === '' ? (
        <p className="notice error" role="alert">
          This link is incomplete. Open the whole link from the email, or ask for a new one.
        </p>
      ) : (
        <>
          <p>The link works once. Every session of your old password ends.</p>
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label="New password"
              type="password"
              value={password}
              onChange={setPassword}
              error={shown['password']}
              autoComplete="new-password"
              hint="At least 10 characters."
              required
            />
            <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
            <SubmitButton pending={submission.pending} pendingLabel="Saving…">
              Save and log in
            </SubmitButton>
          </form>
        </>
      )}
      <p>
        <Link to="/forgot-password">Ask for a new link</Link> · <Link to="/login">Log in</Link>
      </p>
    </>
  );
}

/** Asking for a password reset link (`POST /auth/password-reset`): the answer is the same for any address. */
import { useState, type FormEvent } from 'react';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { useSession } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { checkPasswordResetRequest } from '../../validation/account-forms';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const { accounts } = useSession();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPasswordResetRequest(email);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const answer = await submission.run(`password-reset ${JSON.stringify(checked.body)}`, (key) => accounts.requestPasswordReset(checked.body, key));
    if (answer?.sent) setSentTo(checked.body.email);
  };

  return (
    <>
      <PageHeader title="Forgot your password?" />
      {sentTo === null ? (
        <>
          <p>Enter the email address you log in with. We will send it a link to choose a new password.</p>
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <TextField label="Email" type="email" value={email} onChange={setEmail} error={shown['email']} autoComplete="username" required />
            <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
            <SubmitButton pending={submission.pending} pendingLabel="Sending…">
              Send the link
            </SubmitButton>
          </form>
        </>
      ) : (
        <p className="notice success" role="status">
          If an account has the address {sentTo}, a link to choose a new password is on its way. It works once, for an hour.
        </p>
      )}
      <p>
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </>
  );
}

/** Sign up: a business and its first dashboard user in one step (`POST /auth/register`), then straight in. */
import { useState, type FormEvent } from 'react';
import { registerBody } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { navigate } from '../../router/location';
import { useSession } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { checkSignUp, type SignUpForm } from '../../validation/account-forms';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';

const FIELDS = ['business_name', 'email', 'password'] as const;

export function SignUpPage() {
  const { accounts, start } = useSession();
  const [form, setForm] = useState<SignUpForm>({ business_name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const submission = useSubmission();
  const shown = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;
  const set = (field: keyof SignUpForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSignUp(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const registered = await submission.run(`register ${JSON.stringify(checked.body)}`, (key) => accounts.register(checked.body, key));
    if (!registered) return;
    // A replayed answer (the first attempt did get through) carries no token: log in instead.
    if (!registered.access_token) {
      setNotice('Your account was created. Log in to continue.');
      return;
    }
    start(registered.access_token, registered.business.id, registered.expires_in);
    navigate('/', { replace: true });
  };

  return (
    <>
      <PageHeader title="Create your account" />
      <p>One account for your business. You start on the Free plan; nothing to pay.</p>
      {notice && (
        <p className="notice info" role="status">
          {notice} <Link to="/login">Log in</Link>
        </p>
      )}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Business name" value={form.business_name} onChange={set('business_name')} error={shown['business_name']} autoComplete="organization" required />
        <TextField label="Email" type="email" value={form.email} onChange={set('email')} error={shown['email']} autoComplete="email" required />
        <TextField
          label="Password"
          type="password"
          value={form.password}
          onChange={set('password')}
          error={shown['password']}
          hint={`At least ${registerBody.shape.password.minLength} characters.`}
          autoComplete="new-password"
          required
        />
        <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
        <SubmitButton pending={submission.pending} pendingLabel="Creating your account…">
          Create account
        </SubmitButton>
      </form>
      <p>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </>
  );
}

/** The signed-in user's own account: who they are here, and their password, changed by giving the current one. */
import { useState, type FormEvent } from 'react';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi, useSession } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { roleName } from '../team/role-words';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { checkChangePassword, type ChangePasswordBody } from '../../validation/account-forms';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';

const FIELDS = ['current_password', 'new_password'] as const;
const EMPTY: ChangePasswordBody = { current_password: '', new_password: '' };

export function AccountPage() {
  const api = useApi();
  const { accounts, start } = useSession();
  const me = useResource(() => api.business.me(), 'me');
  const [form, setForm] = useState<ChangePasswordBody>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [changed, setChanged] = useState(false);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    const checked = checkChangePassword(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const login = await submission.run(`change-password ${JSON.stringify(checked.body)}`, (key) => accounts.changePassword(checked.body, key));
    if (!login?.access_token) return;
    // The session of the old password has ended with the change: this one goes on with the new token.
    start(login.access_token, login.business_id, login.expires_in);
    setForm(EMPTY);
    setChanged(true);
  };

  return (
    <>
      <PageHeader title="Your account" />
      <ResourceView handle={me}>
        {({ user, role }) => (
          <dl className="facts">
            <dt>Email</dt>
            <dd>{user?.email ?? '—'}</dd>
            <dt>Role</dt>
            <dd>{roleName(role)}</dd>
          </dl>
        )}
      </ResourceView>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">Change your password</h2>
        <p>Every other session of your old password ends; this one goes on.</p>
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label="Current password"
            type="password"
            value={form.current_password}
            onChange={(current_password) => setForm({ ...form, current_password })}
            error={shown['current_password']}
            autoComplete="current-password"
            required
          />
          <TextField
            label="New password"
            type="password"
            value={form.new_password}
            onChange={(new_password) => setForm({ ...form, new_password })}
            error={shown['new_password']}
            autoComplete="new-password"
            hint="At least 10 characters."
            required
          />
          <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
          {changed && (
            <p className="notice success" role="status">
              Password changed. Every other session of the old one has ended.
            </p>
          )}
          <SubmitButton pending={submission.pending} pendingLabel="Saving…">
            Change password
          </SubmitButton>
        </form>
      </section>
    </>
  );
}

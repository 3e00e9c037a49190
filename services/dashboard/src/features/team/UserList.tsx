/** The team: each person's name, email, role and whether they have joined; change a role or remove them. */
import { useState } from 'react';
import type { UserResponse } from '@passes/contracts';
import type { UserRole } from '@passes/domain';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DateTime } from '../../ui/DateTime';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { StatusBadge } from '../../ui/StatusBadge';
import { ROLE_CHOICES } from './role-words';

interface UserListProps {
  users: readonly UserResponse[];
  /** The signed-in user, who may not change or remove themselves. */
  myId: string | null;
  /** Given the team as the answer left it, shown together with the answer's message. */
  onChanged: (users: UserResponse[]) => void;
}

export function UserList({ users, myId, onChanged }: UserListProps) {
  const api = useApi();
  const submission = useSubmission();
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async <Answer,>(
    user: UserResponse,
    intent: string,
    call: (key: string) => Promise<Answer>,
    teamAfter: (answer: Answer) => UserResponse[],
    success: string,
  ) => {
    setBusy(user.id);
    setDone(null);
    // Wrapped: a removal answers nothing, and `run` gives undefined for a call that failed.
    const answered = await submission.run(`${intent} ${user.id}`, (key) => call(key).then((answer) => ({ answer })));
    if (answered) {
      onChanged(teamAfter(answered.answer));
      setDone(success);
    }
  };
  const changeRole = (user: UserResponse, role: UserRole) =>
    run(
      user,
      `role ${role}`,
      (key) => api.users.changeRole(user.id, role, key),
      (changed) => users.map((member) => (member.id === changed.id ? changed : member)),
      `${user.email} is now ${ROLE_CHOICES.find((choice) => choice.value === role)?.label ?? role}.`,
    );
  const remove = (user: UserResponse) =>
    run(
      user,
      'remove',
      () => api.users.remove(user.id),
      () => users.filter((member) => member.id !== user.id),
      `${user.email} was removed; their sessions have ended.`,
    );
  return (
    <>
      <ProblemNotice problem={submission.problem} />
      <p className="action-status" role="status">
        {submission.pending ? 'Working…' : (done ?? '')}
      </p>
      <ul className="list" aria-label="Team">
        {users.map((user) => (
          <li key={user.id} className="list-row team-member" data-user-email={user.email}>
            <div>
              <strong>{user.name ?? user.email}</strong>
              {user.name && <span className="muted"> {user.email}</span>}
              <p className="muted">
                Added <DateTime iso={user.created_at} />
                {user.id === myId && ' · you'}
              </p>
            </div>
            <StatusBadge status={user.status} />
            {user.id === myId ? (
              <span className="role-name">{ROLE_CHOICES.find((choice) => choice.value === user.role)?.label}</span>
            ) : (
              <>
                <SelectField label="Role" accessibleName={`Role of ${user.email}`} value={user.role} choices={ROLE_CHOICES} onChange={(role) => void changeRole(user, role)} />
                <ConfirmButton
                  label="Remove"
                  accessibleName={`Remove ${user.email}`}
                  confirmLabel="Remove now"
                  question={`Remove ${user.email}? Their sessions end at once.`}
                  pending={submission.pending && busy === user.id}
                  onConfirm={() => void remove(user)}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

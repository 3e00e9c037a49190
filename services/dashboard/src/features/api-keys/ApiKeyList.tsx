/** The business's API keys: name, prefix, mode, access, status; revoke an active one. */
import { useState } from 'react';
import type { ApiKeyResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DateTime } from '../../ui/DateTime';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { StatusBadge } from '../../ui/StatusBadge';

export function ApiKeyList({ keys, onRevoked }: { keys: readonly ApiKeyResponse[]; onRevoked: () => void }) {
  const api = useApi();
  const submission = useSubmission();
  const [revoking, setRevoking] = useState<string | null>(null);
  if (keys.length === 0) return <p className="empty">No API keys yet.</p>;
  const revoke = async (key: ApiKeyResponse) => {
    setRevoking(key.id);
    const done = await submission.run(`revoke ${key.id}`, () => api.business.apiKeys.revoke(key.id).then(() => true));
    if (done) onRevoked();
  };
  return (
    <>
      <ProblemNotice problem={submission.problem} />
      <ul className="list" aria-label="API keys">
        {keys.map((key) => (
          <li key={key.id} className="list-row api-key" data-key-name={key.name}>
            <div>
              <strong>{key.name}</strong> <span className="code">{key.prefix}…</span>
              <p className="muted">
                {key.mode === 'live' ? 'Live' : 'Test'} · {key.scopes.includes('write') ? 'Full access' : 'Read-only'} · created <DateTime iso={key.created_at} />
                {key.revoked_at && (
                  <>
                    {' '}
                    · revoked <DateTime iso={key.revoked_at} />
                  </>
                )}
              </p>
            </div>
            <StatusBadge status={key.status} />
            {key.status === 'active' && (
              <ConfirmButton
                label="Revoke"
                accessibleName={`Revoke ${key.name}`}
                confirmLabel="Revoke now"
                question={`Revoke “${key.name}”? Requests with it are refused at once.`}
                pending={submission.pending && revoking === key.id}
                onConfirm={() => void revoke(key)}
              />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The rewards a pass has earned (available, redeemed, expired) and the next one it works toward; an
 * available reward is redeemed here, and the answer (the pass, its stamps or points reduced) replaces the one shown.
 */
import { useState } from 'react';
import type { PassResponse, RewardResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { DateTime } from '../../ui/DateTime';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { refusedRedeemWords, rewardOutlook } from '../../ui/reward-words';
import { StatusBadge } from '../../ui/StatusBadge';

export function PassRewards({ pass, onChanged }: { pass: PassResponse; onChanged: (pass: PassResponse) => void }) {
  const api = useApi();
  const submission = useSubmission();
  const [done, setDone] = useState<string | null>(null);
  const redeem = async (reward: RewardResponse) => {
    setDone(null);
    const changed = await submission.run(`redeem ${pass.id} ${reward.id}`, (key) => api.passes.redeemReward(pass.id, reward.id, key));
    if (changed) {
      onChanged(changed);
      setDone(`${reward.title} redeemed.`);
    } else {
      // Not redeemed: the page may have been behind (redeemed at the counter, expired, voided), so show the pass as it is.
      api.passes.get(pass.id).then(onChanged, () => undefined);
    }
  };
  const { problem } = submission;

  return (
    <section className="card rewards" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading">Rewards</h2>
      <p data-testid="next-reward">{rewardOutlook(pass)}</p>
      <p className="action-status" role="status">
        {submission.pending ? 'Working…' : (done ?? '')}
      </p>
      {problem?.kind === 'refused' && problem.status === 409 ? (
        <p className="notice error" role="alert">
          {refusedRedeemWords(problem.message)}
        </p>
      ) : (
        <ProblemNotice problem={problem} />
      )}
      {pass.rewards.length === 0 ? (
        <p className="empty">No rewards earned yet.</p>
      ) : (
        <ul className="list" aria-label="Rewards of the pass">
          {pass.rewards.map((reward) => (
            <li key={reward.id} className="list-row" data-reward-status={reward.status}>
              <div>
                <p>
                  <strong>{reward.title}</strong> <StatusBadge status={reward.status} />
                </p>
                {reward.description && <p className="muted">{reward.description}</p>}
                <p className="muted">
                  Earned <DateTime iso={reward.earned_at} />
                  {reward.redeemed_at && (
                    <>
                      {' · redeemed '}
                      <DateTime iso={reward.redeemed_at} />
                    </>
                  )}
                  {reward.expires_at && reward.status !== 'redeemed' && (
                    <>
                      {reward.status === 'expired' ? ' · expired ' : ' · expires '}
                      <DateTime iso={reward.expires_at} />
                    </>
                  )}
                </p>
              </div>
              {reward.status === 'available' && (
                <button
                  type="button"
                  className="button primary"
                  aria-label={`Redeem ${reward.title}`}
                  aria-disabled={submission.pending || undefined}
                  onClick={() => void redeem(reward)}
                >
                  Redeem
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Redeeming an earned reward (PROGRAMME §1): it becomes `redeemed` and the milestone's threshold, as it
 * was when the reward was earned, comes off the metric (never below 0), so a stamp card starts its next
 * round with what is left. The reward rule then runs again (decide-pass.ts).
 */
import { DomainError } from '../shared/domain-error';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';
import { metricOf, rewardStatusAt } from './rewards';

export function redeemReward({ rewardId, now }: PassCommandOf<'RedeemReward'>, pass: Pass): PassEvent[] {
  if (pass.status === 'voided') throw new DomainError('invalid_state', 'Cannot redeem a reward on a pass that is voided.', { status: pass.status });
  const reward = pass.rewards.find((held) => held.id === rewardId);
  if (reward === undefined) throw new DomainError('not_found', 'Reward not found.');
  const status = rewardStatusAt(reward, now);
  if (status !== 'available') throw new DomainError('invalid_state', `Cannot redeem a reward that is ${status}.`, { status });
  const before = metricOf(pass, reward.metric);
  const deducted = Math.min(reward.threshold, before);
  return [{ type: 'RewardRedeemed', data: { reward_id: reward.id, metric: reward.metric, deducted, value: before - deducted, occurred_at: now.toISOString() } }];
}

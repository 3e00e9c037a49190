/**
 * The reward rule (PROGRAMME §1), level-triggered: after a change of a pass's stamps or points, for each
 * active milestone, a pass with no available reward of it whose metric has reached the threshold earns
 * one, recorded in the same decision as the change. Earning makes a reward of that milestone available,
 * so one pass of the rule earns at most one of each, however many thresholds a change jumps.
 */
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';
import { hasAvailableReward, metricOf, type ActiveMilestone } from './rewards';

const DAY_MS = 86_400_000;

/** The rewards `after` earns, when `decided` (the events of one decision, already folded into `after`) changed stamps or points. */
export function rewardsEarned(after: Pass, decided: readonly PassEvent[], milestones: readonly ActiveMilestone[], now: Date): PassEvent[] {
  if (!decided.some(changesMetric)) return [];
  return milestones
    .filter((milestone) => !hasAvailableReward(after, milestone.id, now) && metricOf(after, milestone.metric) >= milestone.threshold)
    .map((milestone) => earned(milestone, now));
}

function earned(milestone: ActiveMilestone, now: Date): PassEvent {
  const days = milestone.rewardExpiresAfterDays;
  return {
    type: 'RewardEarned',
    data: {
      reward_id: milestone.rewardId,
      milestone_id: milestone.id,
      metric: milestone.metric,
      threshold: milestone.threshold,
      title: milestone.reward.title,
      description: milestone.reward.description,
      expires_at: days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString(),
      occurred_at: now.toISOString(),
    },
  };
}

function changesMetric(event: PassEvent): boolean {
  switch (event.type) {
    case 'PassStamped':
    case 'PointsAdjusted':
    case 'RewardRedeemed':
      return true;
    case 'PassUpdated':
      return event.data.changes.stamps !== undefined || event.data.changes.points !== undefined;
    default:
      return false;
  }
}

/** Milestones of the fixture pass's template and the facts of the rewards they give, for the reward specs. */
import type { MilestoneMetric } from '../milestone/milestone';
import type { PassEvent } from '../pass/pass-events';
import type { ActiveMilestone } from '../pass/rewards';
import { OCCURRED_AT } from './pass-fixtures';

interface MilestoneOptions {
  id?: string;
  metric?: MilestoneMetric;
  threshold?: number;
  title?: string;
  expiresAfterDays?: number | null;
  /** The id a reward earned in the decision under test takes. */
  rewardId?: string;
}

/** "At 10 stamps, a free coffee", never expiring, unless told otherwise. */
export function milestone({
  id = 'milestone-coffee',
  metric = 'stamps',
  threshold = 10,
  title = 'Free coffee',
  expiresAfterDays = null,
  rewardId = `reward-of-${id}`,
}: MilestoneOptions = {}): ActiveMilestone {
  return { id, metric, threshold, reward: { title, description: null }, rewardExpiresAfterDays: expiresAfterDays, rewardId };
}

/** The RewardEarned a milestone built by `milestone` records, at `occurred_at`. */
export function rewardEarned(earnedFrom: ActiveMilestone, occurred_at = OCCURRED_AT, expires_at: string | null = null): PassEvent {
  return {
    type: 'RewardEarned',
    data: {
      reward_id: earnedFrom.rewardId,
      milestone_id: earnedFrom.id,
      metric: earnedFrom.metric,
      threshold: earnedFrom.threshold,
      title: earnedFrom.reward.title,
      description: earnedFrom.reward.description,
      expires_at,
      occurred_at,
    },
  };
}

export const stamped = (count: number, stamps: number, occurred_at = OCCURRED_AT): PassEvent => ({ type: 'PassStamped', data: { count, stamps, occurred_at } });
export const pointsAdjusted = (delta: number, points: number, occurred_at = OCCURRED_AT): PassEvent => ({ type: 'PointsAdjusted', data: { delta, points, occurred_at } });

/** How milestones, the rewards of a pass and its next reward look on the wire (PROGRAMME §1). */
import type { PassRewardsView, RewardView } from '@passes/application';
import type { MilestoneResponse, NextRewardResponse, RewardResponse } from '@passes/contracts';
import type { Milestone, NextReward } from '@passes/domain';

export function milestoneRepresentation(milestone: Milestone): MilestoneResponse {
  return {
    id: milestone.id,
    template_id: milestone.templateId,
    name: milestone.name,
    metric: milestone.metric,
    threshold: milestone.threshold,
    reward: { title: milestone.reward.title, description: milestone.reward.description },
    reward_expires_after_days: milestone.rewardExpiresAfterDays,
    status: milestone.status,
    created_at: milestone.createdAt,
    updated_at: milestone.updatedAt,
  };
}

export function rewardRepresentation(reward: RewardView): RewardResponse {
  return {
    id: reward.id,
    milestone_id: reward.milestoneId,
    title: reward.title,
    description: reward.description,
    status: reward.status,
    earned_at: reward.earnedAt,
    redeemed_at: reward.redeemedAt,
    expires_at: reward.expiresAt,
  };
}

function nextRewardRepresentation(next: NextReward): NextRewardResponse {
  return { milestone_id: next.milestoneId, title: next.title, metric: next.metric, remaining: next.remaining };
}

/** The pass object's `rewards` and `next_reward`. */
export function passRewardsRepresentation(view: PassRewardsView): { rewards: RewardResponse[]; next_reward: NextRewardResponse | null } {
  return { rewards: view.rewards.map(rewardRepresentation), next_reward: view.nextReward === null ? null : nextRewardRepresentation(view.nextReward) };
}

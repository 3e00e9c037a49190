/** Translates validated milestone bodies (snake_case) into the domain's draft and update. */
import type { CreateMilestoneBody, UpdateMilestoneBody } from '@passes/contracts';
import type { MilestoneDraft, MilestoneUpdate, RewardTerms } from '@passes/domain';

export function milestoneDraft(body: CreateMilestoneBody): MilestoneDraft {
  return {
    name: body.name,
    metric: body.metric,
    threshold: body.threshold,
    reward: rewardTerms(body.reward),
    rewardExpiresAfterDays: body.reward_expires_after_days ?? null,
  };
}

/** Absent fields stay absent (unchanged); a null expiry makes rewards earned from now on never expire. */
export function milestoneUpdate(body: UpdateMilestoneBody): MilestoneUpdate {
  return {
    name: body.name,
    threshold: body.threshold,
    reward: body.reward && rewardTerms(body.reward),
    rewardExpiresAfterDays: body.reward_expires_after_days,
  };
}

function rewardTerms(reward: CreateMilestoneBody['reward']): RewardTerms {
  return { title: reward.title, description: reward.description ?? null };
}

/** How milestones look on the wire (PROGRAMME §1); a pass's rewards: contracts' rewardRepresentation. */
import type { MilestoneResponse } from '@passes/contracts';
import type { Milestone } from '@passes/domain';

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

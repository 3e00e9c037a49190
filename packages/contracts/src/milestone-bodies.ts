/**
 * Bodies of the milestone endpoints (PROGRAMME §1). Shapes and bounds are checked here with the domain's
 * own constants; the domain checks them again (milestone-terms.ts) and refuses them the same way.
 */
import { MAX_MILESTONE_THRESHOLD, MAX_REWARD_DESCRIPTION_LENGTH, MAX_REWARD_EXPIRY_DAYS, MAX_REWARD_TITLE_LENGTH, MILESTONE_METRICS } from '@passes/domain';
import { z } from 'zod';
import { name } from './field-limits';
import { followingTextRule, text } from './text-rule';

const threshold = z.int('must be an integer').min(1, 'must be at least 1').max(MAX_MILESTONE_THRESHOLD, `must be at most ${MAX_MILESTONE_THRESHOLD}`);

const reward = z.strictObject({
  title: followingTextRule(z.string().trim().min(1, 'must not be empty').max(MAX_REWARD_TITLE_LENGTH, `must be at most ${MAX_REWARD_TITLE_LENGTH} characters`), 'line'),
  // A description may span lines, like a template's back fields.
  description: text('multiline', MAX_REWARD_DESCRIPTION_LENGTH).nullish(),
});

/** Absent or null: rewards that never expire. */
const rewardExpiresAfterDays = z
  .int('must be an integer')
  .min(1, 'must be at least 1')
  .max(MAX_REWARD_EXPIRY_DAYS, `must be at most ${MAX_REWARD_EXPIRY_DAYS}`)
  .nullish();

export const createMilestoneBody = z.strictObject({
  template_id: z.string().min(1, 'must not be empty'),
  name,
  metric: z.enum(MILESTONE_METRICS, { error: `must be one of ${MILESTONE_METRICS.join(', ')}` }),
  threshold,
  reward,
  reward_expires_after_days: rewardExpiresAfterDays,
});
export type CreateMilestoneBody = z.infer<typeof createMilestoneBody>;

/** The terms a PATCH may change; the template and the metric are fixed at creation. */
export const updateMilestoneBody = z.strictObject({
  name: name.optional(),
  threshold: threshold.optional(),
  reward: reward.optional(),
  reward_expires_after_days: rewardExpiresAfterDays,
});
export type UpdateMilestoneBody = z.infer<typeof updateMilestoneBody>;

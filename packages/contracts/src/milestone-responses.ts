/** How milestones and the rewards they give answer (PROGRAMME §1), and the reward fields of the pass. */
import { MILESTONE_METRICS, REWARD_STATUSES } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

const metric = z.enum(MILESTONE_METRICS);

export const milestoneResponse = z.strictObject({
  id: z.string(),
  template_id: z.string(),
  name: z.string(),
  metric,
  threshold: z.int().min(1),
  reward: z.strictObject({ title: z.string(), description: z.string().nullable() }),
  /** Null: the rewards never expire. */
  reward_expires_after_days: z.int().min(1).nullable(),
  status: z.enum(['active', 'archived']),
  created_at: instant,
  updated_at: instant,
});
export type MilestoneResponse = z.infer<typeof milestoneResponse>;

/** A page of a list that can grow: `next_cursor` asks for the next page, null on the last. */
export const page = <Item extends z.ZodType>(item: Item) => z.strictObject({ data: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() });

export const milestoneListResponse = page(milestoneResponse);
export type MilestoneListResponse = z.infer<typeof milestoneListResponse>;

/** A reward of a pass; `status` is as of the answer (a reward past `expires_at` reads `expired`). */
export const rewardResponse = z.strictObject({
  id: z.string(),
  milestone_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(REWARD_STATUSES),
  earned_at: instant,
  redeemed_at: instant.nullable(),
  expires_at: instant.nullable(),
});
export type RewardResponse = z.infer<typeof rewardResponse>;

export const rewardListResponse = page(rewardResponse);
export type RewardListResponse = z.infer<typeof rewardListResponse>;

/** The nearest milestone the pass has no available reward of, and how many stamps or points it still needs. */
export const nextRewardResponse = z.strictObject({
  milestone_id: z.string(),
  title: z.string(),
  metric,
  remaining: z.int().min(0),
});
export type NextRewardResponse = z.infer<typeof nextRewardResponse>;

/**
 * The rewards a pass earns from its template's milestones (PROGRAMME §1): what the pass holds of them,
 * their status at an instant, and the next one within reach.
 */
import type { Milestone, MilestoneMetric, RewardTerms } from '../milestone/milestone';
import type { Pass } from './pass-state';

/** A reward as the pass holds it; whether it is still available depends on when it is read (rewardStatusAt). */
export interface Reward {
  id: string;
  milestoneId: string;
  metric: MilestoneMetric;
  /** The milestone's threshold when the reward was earned: what redeeming it deducts, whatever the milestone became since. */
  threshold: number;
  title: string;
  description: string | null;
  earnedAt: string;
  /** Null when the milestone gave rewards that never expire. */
  expiresAt: string | null;
  redeemedAt: string | null;
}

export const REWARD_STATUSES = ['available', 'redeemed', 'expired'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

/** A reward reads `expired` from its `expires_at` on, unless it was redeemed before. */
export function rewardStatusAt(reward: Reward, at: Date): RewardStatus {
  if (reward.redeemedAt !== null) return 'redeemed';
  if (reward.expiresAt !== null && at.getTime() >= Date.parse(reward.expiresAt)) return 'expired';
  return 'available';
}

/** What the reward rules read of a milestone. */
export interface MilestoneTerms {
  id: string;
  metric: MilestoneMetric;
  threshold: number;
  reward: RewardTerms;
  rewardExpiresAfterDays: number | null;
}

/**
 * An active milestone of the pass's template, as the application passes it into a decision that may
 * change stamps or points (DESIGN §8: the domain never reads a store), with the id that a reward of it
 * earned by that decision takes. A decision earns at most one reward of each milestone, so one id each suffices.
 */
export interface ActiveMilestone extends MilestoneTerms {
  rewardId: string;
}

/**
 * The milestones that apply to a pass: the active ones of its template in its mode, in the order given.
 * They are the context of its commands (each with a new reward id) and of its next reward.
 */
export function milestonesFor(pass: Pass, milestones: readonly Milestone[]): Milestone[] {
  return milestones.filter((milestone) => milestone.status === 'active' && milestone.templateId === pass.templateId && milestone.mode === pass.mode);
}

/** How far the pass is from the reward of a milestone it has no available reward of. */
export interface NextReward {
  milestoneId: string;
  title: string;
  metric: MilestoneMetric;
  /** Stamps or points still to collect; 0 when the pass has reached a milestone that has not applied to it yet. */
  remaining: number;
}

export function metricOf(pass: Pass, metric: MilestoneMetric): number {
  return metric === 'stamps' ? pass.stamps : pass.points;
}

export function hasAvailableReward(pass: Pass, milestoneId: string, at: Date): boolean {
  return pass.rewards.some((reward) => reward.milestoneId === milestoneId && rewardStatusAt(reward, at) === 'available');
}

/**
 * The nearest milestone, of those given, that the pass has no available reward of: the fewest stamps or
 * points still to collect, ties going to the milestone given first. Null when every one is available.
 */
export function nextReward(pass: Pass, milestones: readonly MilestoneTerms[], at: Date): NextReward | null {
  let nearest: NextReward | null = null;
  for (const milestone of milestones) {
    if (hasAvailableReward(pass, milestone.id, at)) continue;
    const remaining = Math.max(0, milestone.threshold - metricOf(pass, milestone.metric));
    if (nearest === null || remaining < nearest.remaining) {
      nearest = { milestoneId: milestone.id, title: milestone.reward.title, metric: milestone.metric, remaining };
    }
  }
  return nearest;
}

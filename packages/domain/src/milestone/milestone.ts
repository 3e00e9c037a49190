/**
 * A reward milestone of a template ("at 10 stamps, a free coffee"; PROGRAMME §1). Stream `milestone-{id}`:
 * a milestone is created, edited and archived on its own, answers by its own id and counts against the
 * plan on its own, so its stream stays apart from the template's. Putting it there would serialise
 * milestone edits with template edits and make every milestone change a change of the template, which
 * the template's read model and the wallet feed treat as a new look for every pass of it. The reward rule
 * needs no shared stream either: the pass decision receives the template's active milestones as context
 * (DESIGN §8), and no store is consistent across two streams anyway.
 */
import type { Plan } from '../plan/plan';
import type { Mode } from '../shared/mode';

export const MILESTONE_METRICS = ['stamps', 'points'] as const;

/** What a milestone counts on the pass. */
export type MilestoneMetric = (typeof MILESTONE_METRICS)[number];

/** What a pass gets when it reaches the milestone. */
export interface RewardTerms {
  title: string;
  description: string | null;
}

/** What a caller gives to create a milestone, before the domain checks it. */
export interface MilestoneDraft {
  name: string;
  metric: MilestoneMetric;
  threshold: number;
  reward: RewardTerms;
  rewardExpiresAfterDays: number | null;
}

/** A PATCH: only the fields present change; the metric is fixed at creation. */
export type MilestoneUpdate = Partial<Omit<MilestoneDraft, 'metric'>>;

/** A milestone's terms as events record them (snake_case, like every payload). */
export interface MilestoneTermsData {
  name: string;
  threshold: number;
  reward: RewardTerms;
  reward_expires_after_days: number | null;
}

export type MilestoneEvent =
  | {
      type: 'MilestoneCreated';
      data: { milestone_id: string; business_id: string; mode: Mode; template_id: string; metric: MilestoneMetric; occurred_at: string } & MilestoneTermsData;
    }
  /** `changes` holds each changed term with its whole new value. */
  | { type: 'MilestoneUpdated'; data: { changes: Partial<MilestoneTermsData>; occurred_at: string } }
  | { type: 'MilestoneArchived'; data: { occurred_at: string } };

/**
 * What the plan's limit on milestones needs from outside the milestone (DESIGN §8): the business's plan
 * and how many active milestones the new one would join, which the application counts.
 */
export interface MilestoneAllowance {
  plan: Plan;
  active: number;
}

export type MilestoneCommand =
  | {
      type: 'CreateMilestone';
      milestoneId: string;
      businessId: string;
      mode: Mode;
      templateId: string;
      draft: MilestoneDraft;
      allowance: MilestoneAllowance;
      now: Date;
    }
  | { type: 'UpdateMilestone'; update: MilestoneUpdate; now: Date }
  | { type: 'ArchiveMilestone'; now: Date };

/** An archived milestone stops earning; the rewards it gave stay on their passes. */
export type MilestoneStatus = 'active' | 'archived';

export interface Milestone {
  id: string;
  businessId: string;
  /** Sandbox (`test`) or live, fixed at creation: a milestone applies to passes of its own mode. */
  mode: Mode;
  templateId: string;
  name: string;
  metric: MilestoneMetric;
  threshold: number;
  reward: RewardTerms;
  rewardExpiresAfterDays: number | null;
  status: MilestoneStatus;
  createdAt: string;
  updatedAt: string;
}

export type MilestoneState = Milestone | null;

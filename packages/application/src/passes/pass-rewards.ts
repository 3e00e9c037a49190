/**
 * What a pass shows of its rewards (PROGRAMME §1): each with its status at the instant it is read, the
 * latest few on the pass itself and all of them page by page, and the next reward within reach.
 */
import { nextReward, rewardStatusAt, type MilestoneTerms, type NextReward, type Pass, type Reward, type RewardStatus } from '@passes/domain';
import type { Milestones } from '../milestones/milestones';
import type { Clock } from '../shared/clock';
import { pageOf, type Page, type PageRequest } from '../shared/pages';
import type { PassQueries } from './pass-queries';
import type { PassScope } from './pass-scope';

/** How many rewards, newest first, the pass object carries. */
export const REWARDS_ON_PASS = 50;

export interface RewardView extends Reward {
  status: RewardStatus;
}

export interface PassRewardsView {
  /** The latest `REWARDS_ON_PASS`, newest first. */
  rewards: RewardView[];
  nextReward: NextReward | null;
}

export class PassRewards {
  constructor(
    private readonly queries: PassQueries,
    private readonly milestones: Milestones,
    private readonly clock: Clock,
  ) {}

  /**
   * The pass's rewards as of `at` (now unless given), and its next reward among the milestones that apply to
   * it now: `applying` when the caller has just read them (a command's own context), read here otherwise.
   */
  async viewOf(pass: Pass, at: Date = this.clock.now(), applying?: readonly MilestoneTerms[]): Promise<PassRewardsView> {
    const milestones = applying ?? (await this.milestones.applyingTo(pass));
    return { rewards: pass.rewards.slice(0, REWARDS_ON_PASS).map((reward) => viewAt(reward, at)), nextReward: nextReward(pass, milestones, at) };
  }

  /** Every reward of the pass, newest first, a page at a time. */
  async list(scope: PassScope, identifier: string, request: PageRequest): Promise<Page<RewardView>> {
    const pass = await this.queries.get(scope, identifier);
    const at = this.clock.now();
    const page = pageOf(pass.rewards, (reward) => reward.id, request);
    return { items: page.items.map((reward) => viewAt(reward, at)), nextCursor: page.nextCursor };
  }
}

function viewAt(reward: Reward, at: Date): RewardView {
  return { ...reward, status: rewardStatusAt(reward, at) };
}

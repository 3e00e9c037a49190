/** Milestones and rewards in words: "10 stamps: Free coffee", "3 stamps to Free coffee". */
import type { MilestoneResponse, NextRewardResponse, PassResponse } from '@passes/contracts';
import type { MilestoneMetric } from '@passes/domain';
import { formatQuantity } from './format';

const UNITS: Readonly<Record<MilestoneMetric, { one: string; many: string }>> = {
  stamps: { one: 'stamp', many: 'stamps' },
  points: { one: 'point', many: 'points' },
};

/** "1 stamp", "250 points". */
export function metricCount(metric: MilestoneMetric, count: number): string {
  const unit = UNITS[metric];
  return formatQuantity(count, unit.one, unit.many);
}

/** A milestone's terms as the card says them: "10 stamps: Free coffee". */
export function milestoneLine(milestone: Pick<MilestoneResponse, 'metric' | 'threshold' | 'reward'>): string {
  return `${metricCount(milestone.metric, milestone.threshold)}: ${milestone.reward.title}`;
}

/** How far a pass is from its next reward; a milestone reached but not yet applied is given at the pass's next change. */
export function nextRewardLine(next: NextRewardResponse): string {
  if (next.remaining === 0) return `${next.title}: reached, given with the pass's next change`;
  return `${metricCount(next.metric, next.remaining)} to ${next.title}`;
}

/** What a pass works toward: its next reward, or why there is none (every reward earned and waiting, or no active milestone). */
export function rewardOutlook(pass: Pick<PassResponse, 'next_reward' | 'rewards'>): string {
  if (pass.next_reward) return `Next: ${nextRewardLine(pass.next_reward)}`;
  if (pass.rewards.some((reward) => reward.status === 'available')) return 'Every reward of this card is earned and waiting: redeem one to collect toward it again.';
  return 'Nothing to work toward: the template has no active reward milestone.';
}

/** The reward a new card works toward first: the active milestone with the lowest threshold, stamps before points at a tie. */
export function firstRewardLine(milestones: readonly MilestoneResponse[]): string | null {
  const active = milestones.filter((milestone) => milestone.status === 'active');
  const first = [...active].sort((a, b) => a.threshold - b.threshold || (a.metric === b.metric ? 0 : a.metric === 'stamps' ? -1 : 1))[0];
  return first ? milestoneLine(first) : null;
}

/** A 409 from redeeming (the reward was redeemed or expired meanwhile, or the pass voided): the API's reason, and that the page now shows the pass as it is. */
export function refusedRedeemWords(apiMessage: string): string {
  return `Not redeemed. ${apiMessage} The pass is shown as it stands now.`;
}

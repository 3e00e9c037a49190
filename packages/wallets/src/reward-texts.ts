/** How a pass's rewards read to its holder, in a wallet and on its pages: "A free coffee", "3 stamps to A free lunch". */
import { nextReward, rewardStatusAt, type MilestoneTerms, type NextReward, type Pass } from '@passes/domain';

/** The titles of the rewards to claim at `now`, newest first, and the next reward's text (null when none is ahead). */
export function rewardTexts(pass: Pass, milestones: readonly MilestoneTerms[], now: Date): { available: string[]; next: string | null } {
  const next = nextReward(pass, milestones, now);
  return {
    available: pass.rewards.filter((reward) => rewardStatusAt(reward, now) === 'available').map((reward) => reward.title),
    next: next === null ? null : nextRewardText(next),
  };
}

/** A milestone reached that has not applied to the pass yet applies with its next stamp or points. */
export function nextRewardText({ title, metric, remaining }: NextReward): string {
  if (remaining === 0) return `${title}: yours with your next ${metric === 'stamps' ? 'stamp' : 'points'}`;
  const unit = metric === 'stamps' ? (remaining === 1 ? 'stamp' : 'stamps') : remaining === 1 ? 'point' : 'points';
  return `${remaining} ${unit} to ${title}`;
}

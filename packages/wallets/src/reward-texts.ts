/** How a pass's next reward reads to its holder, in a wallet and on its pages: "3 stamps to A free coffee". */
import type { NextReward } from '@passes/domain';

/** A milestone reached that has not applied to the pass yet applies with its next stamp or points. */
export function nextRewardText({ title, metric, remaining }: NextReward): string {
  if (remaining === 0) return `${title}: yours with your next ${metric === 'stamps' ? 'stamp' : 'points'}`;
  const unit = metric === 'stamps' ? (remaining === 1 ? 'stamp' : 'stamps') : remaining === 1 ? 'point' : 'points';
  return `${remaining} ${unit} to ${title}`;
}

/** A pass's rewards on its holder's pages: those available to claim, and how far the next one is ("3 stamps to A free coffee"). */
import { escapeHtml, type PassRewardsView } from '@passes/application';
import { nextRewardText } from '@passes/wallets';

export const REWARDS_CSS = `
  .rewards { margin: 1rem 0 0; }
  .rewards h3 { font-size: .9375rem; margin: 0 0 .25rem; }
  .rewards ul { margin: 0; padding-left: 1.25rem; }
  .rewards .next { margin: .375rem 0 0; font-weight: 600; }
`;

/** Empty when the pass has no available reward and no milestone ahead. */
export function rewardsSection({ rewards, nextReward }: PassRewardsView): string {
  const available = rewards.filter((reward) => reward.status === 'available');
  if (available.length === 0 && nextReward === null) return '';
  const list =
    available.length === 0
      ? ''
      : `<h3>Rewards to claim</h3>\n<ul>${available
          .map((reward) => `<li>${escapeHtml(reward.title)}${reward.expiresAt === null ? '' : ` (until ${escapeHtml(reward.expiresAt.slice(0, 10))})`}</li>`)
          .join('')}</ul>`;
  const next = nextReward === null ? '' : `<p class="next">${escapeHtml(nextRewardText(nextReward))}</p>`;
  return `<section class="rewards" aria-label="Rewards">\n${[list, next].filter((part) => part !== '').join('\n')}\n</section>`;
}

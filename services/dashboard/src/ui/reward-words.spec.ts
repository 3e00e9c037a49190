/** Milestones and rewards read as a counter assistant says them. */
import { describe, expect, it } from '@jest/globals';
import type { MilestoneResponse } from '@passes/contracts';
import { firstRewardLine, metricCount, milestoneLine, nextRewardLine, refusedRedeemWords, rewardOutlook } from './reward-words';

const milestone = (change: Partial<MilestoneResponse>): MilestoneResponse => ({
  id: 'milestone-1',
  template_id: 'template-1',
  name: 'Coffee round',
  metric: 'stamps',
  threshold: 10,
  reward: { title: 'Free coffee', description: null },
  reward_expires_after_days: null,
  status: 'active',
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  ...change,
});

describe('reward words', () => {
  it('counts stamps and points, one in the singular', () => {
    expect(metricCount('stamps', 1)).toBe('1 stamp');
    expect(metricCount('stamps', 3)).toBe('3 stamps');
    expect(metricCount('points', 1)).toBe('1 point');
    expect(metricCount('points', 250)).toBe('250 points');
  });

  it("says a milestone's terms as the card shows them", () => {
    expect(milestoneLine(milestone({}))).toBe('10 stamps: Free coffee');
  });

  it('says how far the next reward is, and that a reached one comes with the next change', () => {
    expect(nextRewardLine({ milestone_id: 'm', title: 'Free coffee', metric: 'stamps', remaining: 3 })).toBe('3 stamps to Free coffee');
    expect(nextRewardLine({ milestone_id: 'm', title: 'Free cake', metric: 'points', remaining: 1 })).toBe('1 point to Free cake');
    expect(nextRewardLine({ milestone_id: 'm', title: 'Free coffee', metric: 'stamps', remaining: 0 })).toBe("Free coffee: reached, given with the pass's next change");
  });

  it('says what a pass works toward, or why nothing: every reward waiting, or no milestone', () => {
    const next = { milestone_id: 'm', title: 'Free coffee', metric: 'stamps' as const, remaining: 2 };
    const reward = { id: 'r', milestone_id: 'm', title: 'Free coffee', description: null, earned_at: '2026-11-21T10:00:00.000Z', redeemed_at: null, expires_at: null };
    expect(rewardOutlook({ next_reward: next, rewards: [] })).toBe('Next: 2 stamps to Free coffee');
    expect(rewardOutlook({ next_reward: null, rewards: [{ ...reward, status: 'available' }] })).toBe('Every reward of this card is earned and waiting: redeem one to collect toward it again.');
    expect(rewardOutlook({ next_reward: null, rewards: [{ ...reward, status: 'redeemed', redeemed_at: '2026-11-21T11:00:00.000Z' }] })).toBe(
      'Nothing to work toward: the template has no active reward milestone.',
    );
  });

  it('previews the active milestone with the lowest threshold, stamps first at a tie, and none when all are archived', () => {
    const cake = milestone({ id: 'm2', threshold: 5, metric: 'points', reward: { title: 'Free cake', description: null } });
    const tea = milestone({ id: 'm3', threshold: 5, reward: { title: 'Free tea', description: null } });
    const archived = milestone({ id: 'm4', threshold: 1, status: 'archived' });
    expect(firstRewardLine([milestone({}), cake, tea, archived])).toBe('5 stamps: Free tea');
    expect(firstRewardLine([archived])).toBeNull();
    expect(firstRewardLine([])).toBeNull();
  });

  it("says a refused redeem with the API's reason", () => {
    expect(refusedRedeemWords('Cannot redeem a reward that is redeemed.')).toBe('Not redeemed. Cannot redeem a reward that is redeemed. The pass is shown as it stands now.');
  });
});

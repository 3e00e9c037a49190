import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { ISSUED_AT, NOW, OCCURRED_AT, passIssued, passVoided } from '../testing/pass-fixtures';
import { milestone, rewardEarned, stamped } from '../testing/reward-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent, RewardRedeemedData } from './pass-events';
import type { ActiveMilestone } from './rewards';

const spec = deciderSpec(passDecider);
const EARNED_AT = '2026-11-21T09:10:00.000Z';
const coffee = milestone({ rewardId: 'reward-2' });
const fiver = milestone({ id: 'milestone-fiver', metric: 'points', threshold: 250, title: '£5 off', rewardId: 'reward-3' });
/** The first coffee reward, earned at ten stamps. */
const firstCoffee = rewardEarned({ ...coffee, rewardId: 'reward-1' }, EARNED_AT);
const redeem = (rewardId = 'reward-1', milestones: readonly ActiveMilestone[] = [coffee], now = NOW) => ({ type: 'RedeemReward' as const, rewardId, milestones, now });
const redeemed = (data: Omit<RewardRedeemedData, 'occurred_at'>, occurred_at = OCCURRED_AT): PassEvent => ({ type: 'RewardRedeemed', data: { ...data, occurred_at } });
const stampedTo = (stamps: number): PassEvent[] => [passIssued(), stamped(stamps, stamps, ISSUED_AT), firstCoffee];

describe('redeeming a reward', () => {
  test('deducts the threshold from the metric and records the metric left', () => {
    spec.given(stampedTo(12)).when(redeem()).then([redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 2 })]);
  });

  test('leaves the reward redeemed at that instant and the pass with what is left', () => {
    const after = replay(passDecider, [...stampedTo(12), redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 2 })]);
    expect(after?.stamps).toBe(2);
    expect(after?.updatedAt).toBe(OCCURRED_AT);
    expect(after?.rewards).toEqual([
      {
        id: 'reward-1',
        milestoneId: coffee.id,
        metric: 'stamps',
        threshold: 10,
        title: 'Free coffee',
        description: null,
        earnedAt: EARNED_AT,
        expiresAt: null,
        redeemedAt: OCCURRED_AT,
      },
    ]);
  });

  test('then runs the rule again: a pass still at the threshold earns the next reward in the same decision', () => {
    spec
      .given(stampedTo(25))
      .when(redeem())
      .then([redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 15 }), rewardEarned(coffee)]);
  });

  test('redeem then re-earn: the next round earns the reward again at the threshold', () => {
    const history = [...stampedTo(12), redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 2 }, '2026-11-21T09:20:00.000Z')];
    spec.given(history).when({ type: 'AddStamps', count: 8, milestones: [coffee], now: NOW }).then([stamped(8, 10), rewardEarned(coffee)]);
  });

  test('never deducts below 0 when the metric was lowered since the reward was earned', () => {
    const lowered: PassEvent = { type: 'PassUpdated', data: { changes: { stamps: 3 }, occurred_at: '2026-11-21T09:20:00.000Z' } };
    spec.given([...stampedTo(12), lowered]).when(redeem()).then([redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 3, value: 0 })]);
  });

  test('deducts the threshold the reward was earned at, though the milestone was raised since', () => {
    spec.given(stampedTo(14)).when(redeem('reward-1', [{ ...coffee, threshold: 12 }])).then([redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 4 })]);
  });

  test('a reward of an archived milestone is still redeemed, and earns nothing after', () => {
    spec.given(stampedTo(25)).when(redeem('reward-1', [])).then([redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 15 })]);
  });

  test('a points reward deducts points', () => {
    const history = [passIssued({ points: 300 }), rewardEarned({ ...fiver, rewardId: 'reward-1' }, EARNED_AT)];
    spec.given(history).when(redeem('reward-1', [fiver])).then([redeemed({ reward_id: 'reward-1', metric: 'points', deducted: 250, value: 50 })]);
  });

  test('a reward redeemed before is an invalid_state: of two redeems, only the first counts', () => {
    const history = [...stampedTo(12), redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 2 }, '2026-11-21T09:20:00.000Z')];
    const error = spec.given(history).when(redeem()).thenThrows('invalid_state');
    expect(error.message).toBe('Cannot redeem a reward that is redeemed.');
    expect(error.details).toEqual({ status: 'redeemed' });
  });

  test('an expired reward is an invalid_state, from the instant it expires', () => {
    const expiring = rewardEarned({ ...coffee, rewardId: 'reward-1' }, EARNED_AT, OCCURRED_AT);
    const error = spec.given([passIssued(), stamped(12, 12, ISSUED_AT), expiring]).when(redeem()).thenThrows('invalid_state');
    expect(error.details).toEqual({ status: 'expired' });
  });

  test('a reward is redeemed until the instant before it expires', () => {
    const expiring = rewardEarned({ ...coffee, rewardId: 'reward-1' }, EARNED_AT, '2026-11-21T10:00:00.001Z');
    spec.given([passIssued(), stamped(12, 12, ISSUED_AT), expiring]).when(redeem()).then([redeemed({ reward_id: 'reward-1', metric: 'stamps', deducted: 10, value: 2 })]);
  });

  test('a voided pass is an invalid_state, whatever the reward', () => {
    const error = spec.given([...stampedTo(12), passVoided()]).when(redeem()).thenThrows('invalid_state');
    expect(error.details).toEqual({ status: 'voided' });
    spec.given([...stampedTo(12), passVoided()]).when(redeem('reward-unknown')).thenThrows('invalid_state');
  });

  test('an unknown reward id is not_found', () => {
    spec.given(stampedTo(12)).when(redeem('reward-unknown')).thenThrows('not_found');
  });

  test("another pass's reward id is not_found: a pass redeems only the rewards in its own stream", () => {
    const otherPass = [passIssued({ pass_id: 'pass-other' }), stamped(10, 10, ISSUED_AT), rewardEarned({ ...coffee, rewardId: 'reward-of-other-pass' }, EARNED_AT)];
    expect(replay(passDecider, otherPass)?.rewards.map((reward) => reward.id)).toEqual(['reward-of-other-pass']);
    spec.given(stampedTo(12)).when(redeem('reward-of-other-pass')).thenThrows('not_found');
  });

  test('a pass never issued is not_found', () => {
    spec.given([]).when(redeem()).thenThrows('not_found');
  });
});

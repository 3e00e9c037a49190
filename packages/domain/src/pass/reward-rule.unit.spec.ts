import { describe, expect, test } from '@jest/globals';
import { decodeEvent } from '../events/event-registry';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, ISSUED_AT, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { milestone, pointsAdjusted, rewardEarned, stamped } from '../testing/reward-fixtures';
import { passDecider } from './pass-decider';
import { passEvents } from './pass-event-registry';
import type { PassEvent } from './pass-events';
import type { ActiveMilestone } from './rewards';

const spec = deciderSpec(passDecider);
const coffee = milestone();
const cake = milestone({ id: 'milestone-cake', threshold: 20, title: 'Free cake' });
const fiver = milestone({ id: 'milestone-fiver', metric: 'points', threshold: 250, title: '£5 off' });
const addStamps = (count: number, milestones: readonly ActiveMilestone[] = [coffee]) => ({ type: 'AddStamps' as const, count, milestones, now: NOW });
const withStamps = (stamps: number): PassEvent[] => [passIssued(), stamped(stamps, stamps, ISSUED_AT)];
const updated = (changes: Record<string, unknown>): PassEvent => ({ type: 'PassUpdated', data: { changes, occurred_at: OCCURRED_AT } });

describe('earning a reward (the rule runs after every change of stamps or points)', () => {
  test('the stamp that reaches the threshold earns the reward, in the same decision', () => {
    spec.given(withStamps(9)).when(addStamps(1)).then([stamped(1, 10), rewardEarned(coffee)]);
  });

  test('a stamp short of the threshold earns nothing', () => {
    spec.given(withStamps(8)).when(addStamps(1)).then([stamped(1, 9)]);
  });

  test('crossing the threshold by many earns one reward, not one per threshold passed', () => {
    spec.given(withStamps(5)).when(addStamps(20)).then([stamped(20, 25), rewardEarned(coffee)]);
  });

  test('a pass holding an available reward of the milestone earns no second one while it stays available', () => {
    spec.given([...withStamps(10), rewardEarned(coffee, ISSUED_AT)]).when(addStamps(15)).then([stamped(15, 25)]);
  });

  test('several milestones of one template each earn their own reward, in the order they were given', () => {
    spec.given(HISTORIES.issued).when(addStamps(20, [cake, coffee, fiver])).then([stamped(20, 20), rewardEarned(cake), rewardEarned(coffee)]);
  });

  test('a milestone counting points earns when points are added', () => {
    spec
      .given(HISTORIES.issued)
      .when({ type: 'AdjustPoints', delta: 150, milestones: [coffee, fiver], now: NOW })
      .then([pointsAdjusted(150, 250), rewardEarned(fiver)]);
  });

  test('a PATCH that sets stamps or points runs the rule', () => {
    spec
      .given(HISTORIES.issued)
      .when({ type: 'UpdatePass', update: { stamps: 12, points: 300 }, milestones: [coffee, fiver], now: NOW })
      .then([updated({ points: 300, stamps: 12 }), rewardEarned(coffee), rewardEarned(fiver)]);
  });

  test('a PATCH of other fields does not, so a new milestone applies to a pass from its next change of stamps or points', () => {
    spec
      .given(withStamps(12))
      .when({ type: 'UpdatePass', update: { customerName: 'Grace Hopper' }, milestones: [coffee], now: NOW })
      .then([updated({ customer_name: 'Grace Hopper' })]);
  });

  test('an auto-stamping scan that reaches the threshold earns the reward', () => {
    spec
      .given(withStamps(9))
      .when({ type: 'ScanPass', mode: 'verify', signature: 'not_required', cooldown: null, autoStamp: true, milestones: [coffee], now: NOW })
      .then([
        { type: 'PassScanned', data: { mode: 'verify', valid: true, reason: null, checked_in: true, occurred_at: OCCURRED_AT } },
        { type: 'PassCheckedIn', data: { occurred_at: OCCURRED_AT } },
        stamped(1, 10),
        rewardEarned(coffee),
      ]);
  });

  test('a scan that changes no stamps earns nothing, whatever the pass holds', () => {
    spec
      .given(withStamps(12))
      .when({ type: 'ScanPass', mode: 'checkin', signature: 'not_required', cooldown: null, autoStamp: false, milestones: [coffee], now: NOW })
      .then([
        { type: 'PassScanned', data: { mode: 'checkin', valid: true, reason: null, checked_in: true, occurred_at: OCCURRED_AT } },
        { type: 'PassCheckedIn', data: { occurred_at: OCCURRED_AT } },
      ]);
  });

  test('an archived milestone, which the application no longer passes in, earns nothing', () => {
    spec.given(withStamps(9)).when(addStamps(1, [])).then([stamped(1, 10)]);
  });

  test('a refused change earns nothing', () => {
    spec.given(withStamps(9)).when(addStamps(0)).thenThrows('validation_error');
  });
});

describe('lowering a metric', () => {
  test('never takes a reward back', () => {
    const history = [...withStamps(10), rewardEarned(coffee, ISSUED_AT)];
    spec.given(history).when({ type: 'UpdatePass', update: { stamps: 0 }, milestones: [coffee], now: NOW }).then([updated({ stamps: 0 })]);
    const after = replay(passDecider, [...history, updated({ stamps: 0 })]);
    expect(after?.rewards.map((reward) => reward.id)).toEqual([coffee.rewardId]);
  });

  test('spending points while still at the threshold earns again once the last reward is no longer available', () => {
    const redeemed: PassEvent = { type: 'RewardRedeemed', data: { reward_id: 'reward-old', metric: 'points', deducted: 0, value: 400, occurred_at: ISSUED_AT } };
    const oldReward = rewardEarned({ ...fiver, rewardId: 'reward-old' }, ISSUED_AT);
    spec
      .given([passIssued({ points: 400 }), oldReward, redeemed])
      .when({ type: 'AdjustPoints', delta: -100, milestones: [fiver], now: NOW })
      .then([pointsAdjusted(-100, 300), rewardEarned(fiver)]);
  });
});

describe('expiry', () => {
  test('a milestone whose rewards expire records when this one does', () => {
    const weekly = milestone({ expiresAfterDays: 7 });
    spec.given(withStamps(9)).when(addStamps(1, [weekly])).then([stamped(1, 10), rewardEarned(weekly, OCCURRED_AT, '2026-11-28T10:00:00.000Z')]);
  });

  test('an expired reward is no longer available, so the next change at the threshold earns a new one', () => {
    const expired = rewardEarned({ ...coffee, rewardId: 'reward-expired' }, ISSUED_AT, '2026-11-21T09:30:00.000Z');
    spec.given([...withStamps(10), expired]).when(addStamps(1)).then([stamped(1, 11), rewardEarned(coffee)]);
  });
});

describe('storing reward events', () => {
  test('RewardEarned and RewardRedeemed read back as they were decided', () => {
    const redeemed: PassEvent = { type: 'RewardRedeemed', data: { reward_id: 'r', metric: 'stamps', deducted: 10, value: 2, occurred_at: OCCURRED_AT } };
    for (const event of [rewardEarned(coffee, OCCURRED_AT, '2026-11-28T10:00:00.000Z'), redeemed]) {
      expect(decodeEvent(passEvents, { type: event.type, data: event.data, metadata: { schema_version: 1 } })).toEqual(event);
    }
  });

  test('a RewardEarned with an unknown metric is refused on read', () => {
    const stored = { ...rewardEarned(coffee).data, metric: 'visits' };
    expect(() => decodeEvent(passEvents, { type: 'RewardEarned', data: stored, metadata: { schema_version: 1 } })).toThrow(/metric/);
  });
});

import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { ISSUED_AT, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { milestone, rewardEarned, stamped } from '../testing/reward-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';
import type { Milestone } from '../milestone/milestone';
import { milestonesFor, nextReward, rewardStatusAt } from './rewards';

const coffee = milestone({ threshold: 10 });
const cake = milestone({ id: 'milestone-cake', threshold: 20, title: 'Free cake' });
const fiver = milestone({ id: 'milestone-fiver', metric: 'points', threshold: 250, title: '£5 off' });
const AT = new Date(OCCURRED_AT);

function passAfter(events: PassEvent[]): Pass {
  const pass = replay(passDecider, events);
  if (pass === null) throw new Error('The history issues no pass.');
  return pass;
}

describe("a pass's rewards", () => {
  test('are listed newest first', () => {
    const pass = passAfter([passIssued(), stamped(20, 20, ISSUED_AT), rewardEarned(coffee, '2026-11-21T09:01:00.000Z'), rewardEarned(cake, '2026-11-21T09:02:00.000Z')]);
    expect(pass.rewards.map((reward) => reward.id)).toEqual([cake.rewardId, coffee.rewardId]);
  });

  test('a pass issued has none', () => {
    expect(passAfter([passIssued()]).rewards).toEqual([]);
  });
});

describe('the status of a reward at an instant', () => {
  const expiring = passAfter([passIssued(), rewardEarned(coffee, ISSUED_AT, OCCURRED_AT)]).rewards[0];

  test('is available before it expires, and expired from its expires_at on', () => {
    if (!expiring) throw new Error('no reward');
    expect(rewardStatusAt(expiring, new Date('2026-11-21T09:59:59.999Z'))).toBe('available');
    expect(rewardStatusAt(expiring, AT)).toBe('expired');
  });

  test('is redeemed once redeemed, even past its expiry', () => {
    if (!expiring) throw new Error('no reward');
    expect(rewardStatusAt({ ...expiring, redeemedAt: ISSUED_AT }, new Date('2030-01-01T00:00:00.000Z'))).toBe('redeemed');
  });

  test('a reward that never expires stays available', () => {
    const lasting = passAfter([passIssued(), rewardEarned(coffee, ISSUED_AT)]).rewards[0];
    if (!lasting) throw new Error('no reward');
    expect(rewardStatusAt(lasting, new Date('2036-01-01T00:00:00.000Z'))).toBe('available');
  });
});

describe('the milestones that apply to a pass', () => {
  const pass = passAfter([passIssued()]);
  const of = (id: string, changes: Partial<Milestone> = {}): Milestone => ({
    id,
    businessId: pass.businessId,
    mode: pass.mode,
    templateId: pass.templateId,
    name: id,
    metric: 'stamps',
    threshold: 10,
    reward: { title: 'Free coffee', description: null },
    rewardExpiresAfterDays: null,
    status: 'active',
    createdAt: ISSUED_AT,
    updatedAt: ISSUED_AT,
    ...changes,
  });

  test("are the active ones of its template in its mode, in the order given", () => {
    const milestones = [of('second'), of('archived', { status: 'archived' }), of('other-template', { templateId: 'template-2' }), of('sandbox', { mode: 'test' }), of('first')];
    expect(milestonesFor(pass, milestones).map((milestone) => milestone.id)).toEqual(['second', 'first']);
  });

  test('serve as the context of a command once each has a reward id', () => {
    const [applying] = milestonesFor(pass, [of('coffee')]);
    if (!applying) throw new Error('no milestone applies');
    const events = passDecider.decide({ type: 'AddStamps', count: 10, milestones: [{ ...applying, rewardId: 'reward-1' }], now: AT }, pass);
    expect(events.map((event) => event.type)).toEqual(['PassStamped', 'RewardEarned']);
  });
});

describe('the next reward', () => {
  test('is the milestone with the fewest stamps or points to go', () => {
    const pass = passAfter([passIssued({ points: 245 }), stamped(4, 4, ISSUED_AT)]);
    expect(nextReward(pass, [cake, coffee, fiver], AT)).toEqual({ milestoneId: fiver.id, title: '£5 off', metric: 'points', remaining: 5 });
  });

  test('skips milestones the pass holds an available reward of', () => {
    const pass = passAfter([passIssued(), stamped(12, 12, ISSUED_AT), rewardEarned(coffee, ISSUED_AT)]);
    expect(nextReward(pass, [coffee, cake], AT)).toEqual({ milestoneId: cake.id, title: 'Free cake', metric: 'stamps', remaining: 8 });
  });

  test('counts a milestone again once its reward is redeemed', () => {
    const redeemed: PassEvent = { type: 'RewardRedeemed', data: { reward_id: coffee.rewardId, metric: 'stamps', deducted: 10, value: 2, occurred_at: ISSUED_AT } };
    const pass = passAfter([passIssued(), stamped(12, 12, ISSUED_AT), rewardEarned(coffee, ISSUED_AT), redeemed]);
    expect(nextReward(pass, [coffee], AT)).toEqual({ milestoneId: coffee.id, title: 'Free coffee', metric: 'stamps', remaining: 8 });
  });

  test('is 0 to go for a milestone the pass reached before it applied to it', () => {
    const pass = passAfter([passIssued(), stamped(12, 12, ISSUED_AT)]);
    expect(nextReward(pass, [coffee], AT)?.remaining).toBe(0);
  });

  test('goes to the milestone given first when two are as near', () => {
    const pass = passAfter([passIssued()]);
    const otherCoffee = milestone({ id: 'milestone-other', title: 'Free tea' });
    expect(nextReward(pass, [otherCoffee, coffee], AT)?.milestoneId).toBe('milestone-other');
  });

  test('is null when every milestone has an available reward, or there are none', () => {
    const pass = passAfter([passIssued(), stamped(12, 12, ISSUED_AT), rewardEarned(coffee, ISSUED_AT)]);
    expect(nextReward(pass, [coffee], AT)).toBeNull();
    expect(nextReward(pass, [], AT)).toBeNull();
  });
});

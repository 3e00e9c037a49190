import { describe, expect, test } from '@jest/globals';
import { passDecider } from '../pass/pass-decider';
import type { PassEvent } from '../pass/pass-events';
import type { Pass } from '../pass/pass-state';
import { replay } from '../shared/decider';
import { ISSUED_AT, passIssued } from '../testing/pass-fixtures';
import { stamped } from '../testing/reward-fixtures';
import type { Automation } from './automation';
import { automationWith } from '../testing/automation-fixtures';
import { firingsOf, MAX_CHAIN_DEPTH, type PassFact } from './automation-triggers';

const issued = passIssued();
const PASS = replay(passDecider, [issued]) as Pass;
const AT = '2026-11-21T10:00:00.000Z';

const automation = automationWith;

/** Given the pass's history, when this event happens (made by whom), then these firings. */
const when = (history: readonly PassEvent[], event: PassEvent, madeBy: PassFact['madeBy'] = null) => {
  const before = replay(passDecider, history);
  const after = passDecider.evolve(before, event) as Pass;
  return { fires: (automations: readonly Automation[]) => firingsOf({ eventId: 'event-9', event, before, after, madeBy }, automations) };
};
const charged = (amount: number, balance: number): PassEvent => ({ type: 'BalanceCharged', data: { amount_minor: amount, balance_minor: balance, occurred_at: AT } });

describe('pass_issued', () => {
  test('fires once for the pass, due at once or after its delay', () => {
    expect(when([], issued).fires([automation({ type: 'pass_issued', delay_minutes: 0 })])).toEqual([
      { automationId: 'automation-1', passId: PASS.id, occurrence: 'issued', depth: 1, dueAt: new Date(ISSUED_AT) },
    ]);
    const [delayed] = when([], issued).fires([automation({ type: 'pass_issued', delay_minutes: 90 })]);
    expect(delayed?.dueAt).toEqual(new Date('2026-11-21T10:30:00.000Z'));
  });

  test('no other event is an issue', () => {
    expect(when([issued], stamped(1, 1)).fires([automation({ type: 'pass_issued', delay_minutes: 0 })])).toEqual([]);
  });
});

describe('pass_installed', () => {
  test('an install is the occurrence `installed`, however many devices follow', () => {
    const installed: PassEvent = { type: 'PassInstalled', data: { device_library_identifier: 'device-1', push_token: 'token', occurred_at: AT } };
    expect(when([issued], installed).fires([automation({ type: 'pass_installed', delay_minutes: 5 })])).toMatchObject([{ occurrence: 'installed', dueAt: new Date('2026-11-21T10:05:00.000Z') }]);
  });
});

describe('stamps_reached and points_reached: crossings, not levels', () => {
  const fifth = automation({ type: 'stamps_reached', value: 5 });

  test('the event that takes the metric from below the value to it or more fires, named as the occurrence', () => {
    expect(when([issued, stamped(4, 4)], stamped(1, 5)).fires([fifth])).toMatchObject([{ occurrence: 'event:event-9' }]);
    expect(when([issued, stamped(4, 4)], stamped(3, 7)).fires([fifth])).toHaveLength(1);
  });

  test('a pass already at or above the value fires nothing more', () => {
    expect(when([issued, stamped(5, 5)], stamped(1, 6)).fires([fifth])).toEqual([]);
  });

  test('a pass that fell below and rises again crosses again', () => {
    const update: PassEvent = { type: 'PassUpdated', data: { changes: { stamps: 2 }, occurred_at: AT } };
    expect(when([issued, stamped(5, 5), update], stamped(3, 5)).fires([fifth])).toHaveLength(1);
  });

  test('points count the same way', () => {
    const points: PassEvent = { type: 'PointsAdjusted', data: { delta: 150, points: 250, occurred_at: AT } };
    expect(when([issued], points).fires([automation({ type: 'points_reached', value: 200 })])).toHaveLength(1);
    expect(when([issued], points).fires([automation({ type: 'points_reached', value: 100 })])).toEqual([]);
  });
});

describe('reward_earned', () => {
  const earned: PassEvent = {
    type: 'RewardEarned',
    data: { reward_id: 'reward-1', milestone_id: 'milestone-1', metric: 'stamps', threshold: 5, title: 'Coffee', description: null, expires_at: null, occurred_at: AT },
  };

  test('fires per reward, for any milestone or the one it names', () => {
    expect(when([issued], earned).fires([automation({ type: 'reward_earned', milestone_id: null })])).toMatchObject([{ occurrence: 'reward:reward-1' }]);
    expect(when([issued], earned).fires([automation({ type: 'reward_earned', milestone_id: 'milestone-1' })])).toHaveLength(1);
    expect(when([issued], earned).fires([automation({ type: 'reward_earned', milestone_id: 'milestone-2' })])).toEqual([]);
  });
});

describe('balance_below', () => {
  const low = automation({ type: 'balance_below', value: 1000 });

  test('a charge that takes the balance below the value fires', () => {
    expect(when([issued], charged(4500, 500)).fires([low])).toMatchObject([{ occurrence: 'event:event-9' }]);
  });

  test('a charge of a balance already below fires nothing more', () => {
    expect(when([issued, charged(4500, 500)], charged(100, 400)).fires([low])).toEqual([]);
  });
});

describe('which automations an event may fire', () => {
  const everyIssue = automation({ type: 'pass_issued', delay_minutes: 0 });

  test('only an enabled one, of the business and mode of the pass', () => {
    expect(when([], issued).fires([{ ...everyIssue, enabled: false }])).toEqual([]);
    expect(when([], issued).fires([{ ...everyIssue, businessId: 'another' }])).toEqual([]);
    expect(when([], issued).fires([{ ...everyIssue, mode: 'test' }])).toEqual([]);
  });

  test('of the template it names, or of every template when it names none', () => {
    expect(when([], issued).fires([{ ...everyIssue, templateId: PASS.templateId }])).toHaveLength(1);
    expect(when([], issued).fires([{ ...everyIssue, templateId: 'another-template' }])).toEqual([]);
  });

  test('a rule made after the event does not fire on it, as when the feed is followed again from its start', () => {
    expect(when([], issued).fires([{ ...everyIssue, createdAt: '2026-11-21T09:00:00.001Z' }])).toEqual([]);
  });

  test("an automation's own actions never trigger it", () => {
    const fifth = automation({ type: 'stamps_reached', value: 5 });
    expect(when([issued, stamped(4, 4)], stamped(1, 5), { automationId: 'automation-1', depth: 1 }).fires([fifth])).toEqual([]);
  });

  test("another automation's actions trigger one level deeper, and chains stop at depth 3", () => {
    const fifth = automation({ type: 'stamps_reached', value: 5 });
    expect(when([issued, stamped(4, 4)], stamped(1, 5), { automationId: 'automation-2', depth: 1 }).fires([fifth])).toMatchObject([{ depth: 2 }]);
    expect(when([issued, stamped(4, 4)], stamped(1, 5), { automationId: 'automation-2', depth: MAX_CHAIN_DEPTH - 1 }).fires([fifth])).toMatchObject([{ depth: 3 }]);
    expect(when([issued, stamped(4, 4)], stamped(1, 5), { automationId: 'automation-2', depth: MAX_CHAIN_DEPTH }).fires([fifth])).toEqual([]);
  });

  test('timed triggers fire from the sweep, never from an event', () => {
    expect(when([], issued).fires([automation({ type: 'inactive', days: 30 }), automation({ type: 'birthday' })])).toEqual([]);
  });
});

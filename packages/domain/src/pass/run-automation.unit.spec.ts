import { describe, expect, test } from '@jest/globals';
import type { AutomationAction } from '../automation/automation-terms';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { ISSUED_AT, NOW, OCCURRED_AT, passIssued, passVoided } from '../testing/pass-fixtures';
import { milestone, rewardEarned, stamped } from '../testing/reward-fixtures';
import type { AutomationRun } from './pass-commands';
import { passDecider } from './pass-decider';
import type { AutomationActionOutcome, PassEvent } from './pass-events';
import type { ActiveMilestone } from './rewards';

const spec = deciderSpec(passDecider);
const TEN_POINTS: AutomationAction = { type: 'add_points', points: 10 };
const TWO_STAMPS: AutomationAction = { type: 'add_stamps', count: 2 };
const THANKS: AutomationAction = { type: 'send_email', subject: 'Thanks', body: 'See you soon' };

const run = (overrides: Partial<AutomationRun> = {}, milestones: readonly ActiveMilestone[] = []) => ({
  type: 'RunAutomation' as const,
  run: { automationId: 'automation-1', occurrence: 'issued', depth: 1, actions: [TEN_POINTS], skipped: null, googleWallet: false, ...overrides },
  milestones,
  now: NOW,
});
const ran = (actions: AutomationActionOutcome[], overrides: Partial<{ occurrence: string; activity_at: string; depth: number }> = {}): PassEvent => ({
  type: 'AutomationRan',
  data: { automation_id: 'automation-1', occurrence: 'issued', depth: 1, actions, activity_at: ISSUED_AT, occurred_at: OCCURRED_AT, ...overrides },
});
const done = (action: AutomationAction): AutomationActionOutcome => ({ action, status: 'done', detail: null });

describe('an automation running on a pass', () => {
  test("records its actions' effects and the run, with its occurrence, in one decision", () => {
    spec
      .given([passIssued()])
      .when(run({ actions: [TEN_POINTS, TWO_STAMPS] }))
      .then([
        { type: 'PointsAdjusted', data: { delta: 10, points: 110, occurred_at: OCCURRED_AT } },
        { type: 'PassStamped', data: { count: 2, stamps: 2, occurred_at: OCCURRED_AT } },
        ran([done(TEN_POINTS), done(TWO_STAMPS)]),
      ]);
  });

  test('a second run of the same occurrence decides nothing: each occurrence runs once per pass', () => {
    spec.given([passIssued(), ran([done(TEN_POINTS)])]).when(run()).then([]);
  });

  test('another occurrence of the same automation runs', () => {
    spec
      .given([passIssued(), ran([done(TEN_POINTS)])])
      .when(run({ occurrence: 'event:e2' }))
      .then([{ type: 'PointsAdjusted', data: { delta: 10, points: 110, occurred_at: OCCURRED_AT } }, ran([done(TEN_POINTS)], { occurrence: 'event:e2' })]);
  });

  test('the effects earn rewards by the same rule as any change', () => {
    const coffee = milestone({ threshold: 2, rewardId: 'reward-1' });
    spec
      .given([passIssued()])
      .when(run({ actions: [TWO_STAMPS] }, [coffee]))
      .then([{ type: 'PassStamped', data: { count: 2, stamps: 2, occurred_at: OCCURRED_AT } }, ran([done(TWO_STAMPS)]), rewardEarned(coffee)]);
  });

  test('an action the pass refuses fails on its own, naming why; the others happen', () => {
    spec
      .given([passIssued(), passVoided()])
      .when(run({ actions: [TEN_POINTS, THANKS] }))
      .then([ran([{ action: TEN_POINTS, status: 'failed', detail: 'invalid_state' }, done(THANKS)])]);
  });

  test('an email to a pass without a customer email is skipped', () => {
    spec
      .given([passIssued({ customer_email: null })])
      .when(run({ actions: [THANKS] }))
      .then([ran([{ action: THANKS, status: 'skipped', detail: 'no_email' }])]);
  });

  test('a run skipped for the plan records every action skipped, and spends the occurrence', () => {
    spec
      .given([passIssued()])
      .when(run({ skipped: 'plan' }))
      .then([ran([{ action: TEN_POINTS, status: 'skipped', detail: 'plan' }])]);
    spec.given([passIssued(), ran([{ action: TEN_POINTS, status: 'skipped', detail: 'plan' }])]).when(run()).then([]);
  });

  test("a message goes on the pass as a MessageSent whose source is the run's occurrence, in the same decision", () => {
    const HELLO: AutomationAction = { type: 'send_message', header: 'Hello', body: 'Welcome in' };
    spec
      .given([passIssued()])
      .when(run({ actions: [HELLO] }))
      .then([
        {
          type: 'MessageSent',
          data: { message: { header: 'Hello', body: 'Welcome in' }, source: { automation_id: 'automation-1', occurrence: 'issued' }, notify: true, delivery: 'not_installed', occurred_at: OCCURRED_AT },
        },
        ran([done(HELLO)]),
      ]);
    spec
      .given([passIssued(), passVoided()])
      .when(run({ actions: [HELLO] }))
      .then([ran([{ action: HELLO, status: 'failed', detail: 'invalid_state' }])]);
  });

  test('records its depth in a chain', () => {
    spec
      .given([passIssued()])
      .when(run({ depth: 2 }))
      .then([{ type: 'PointsAdjusted', data: { delta: 10, points: 110, occurred_at: OCCURRED_AT } }, ran([done(TEN_POINTS)], { depth: 2 })]);
  });
});

describe('a pass as runs leave it', () => {
  test('remembers each occurrence it ran', () => {
    const pass = replay(passDecider, [passIssued(), ran([done(TEN_POINTS)])]);
    expect(pass?.automationRuns).toEqual(['automation-1/issued']);
  });

  test("an automation's changes are not the holder's activity: the quiet spell goes on", () => {
    const STAMPED_AT = '2026-11-21T09:20:00.000Z';
    const pass = replay(passDecider, [passIssued(), stamped(1, 1, STAMPED_AT), { type: 'PointsAdjusted', data: { delta: 10, points: 110, occurred_at: OCCURRED_AT } }, ran([done(TEN_POINTS)], { activity_at: STAMPED_AT })]);
    expect(pass?.lastActivityAt).toBe(STAMPED_AT);
    expect(pass?.points).toBe(110);
  });

  test("the holder's stamps, points, check-ins, charges, top-ups and redemptions are activity; a scan is not", () => {
    expect(replay(passDecider, [passIssued()])?.lastActivityAt).toBe(ISSUED_AT);
    expect(replay(passDecider, [passIssued(), stamped(1, 1)])?.lastActivityAt).toBe(OCCURRED_AT);
    const scanned: PassEvent = { type: 'PassScanned', data: { mode: 'verify', valid: true, reason: null, checked_in: false, occurred_at: OCCURRED_AT } };
    expect(replay(passDecider, [passIssued(), scanned])?.lastActivityAt).toBe(ISSUED_AT);
  });
});

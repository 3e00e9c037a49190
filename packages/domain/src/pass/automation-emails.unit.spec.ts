import { describe, expect, test } from '@jest/globals';
import type { AutomationAction } from '../automation/automation-terms';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { NOW, OCCURRED_AT, passIssued, passVoided } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';

const spec = deciderSpec(passDecider);
const STOPPED_AT = '2026-11-21T09:45:00.000Z';
const stopped: PassEvent = { type: 'AutomationEmailsStopped', data: { occurred_at: STOPPED_AT } };
const resumed: PassEvent = { type: 'AutomationEmailsResumed', data: { occurred_at: '2026-11-21T09:46:00.000Z' } };
const THANKS: AutomationAction = { type: 'send_email', subject: 'Thanks', body: 'See you soon' };
const TEN_POINTS: AutomationAction = { type: 'add_points', points: 10 };
const run = {
  type: 'RunAutomation' as const,
  run: { automationId: 'automation-1', occurrence: 'issued', depth: 1, actions: [THANKS, TEN_POINTS], skipped: null, googleWallet: false },
  milestones: [],
  now: NOW,
};

describe("the holder's choice of automation emails", () => {
  test('the unsubscribe link stops them, recorded on the pass', () => {
    spec
      .given([passIssued()])
      .when({ type: 'StopAutomationEmails', now: NOW })
      .then([{ type: 'AutomationEmailsStopped', data: { occurred_at: OCCURRED_AT } }]);
  });

  test('stopping them again (a second click, a mail scanner) records nothing', () => {
    spec.given([passIssued(), stopped]).when({ type: 'StopAutomationEmails', now: NOW }).then([]);
  });

  test('a voided pass takes the choice too', () => {
    spec
      .given([passIssued(), passVoided()])
      .when({ type: 'StopAutomationEmails', now: NOW })
      .then([{ type: 'AutomationEmailsStopped', data: { occurred_at: OCCURRED_AT } }]);
  });

  test('their page turns them back on; on already, nothing is recorded', () => {
    spec
      .given([passIssued(), stopped])
      .when({ type: 'ResumeAutomationEmails', now: NOW })
      .then([{ type: 'AutomationEmailsResumed', data: { occurred_at: OCCURRED_AT } }]);
    spec.given([passIssued()]).when({ type: 'ResumeAutomationEmails', now: NOW }).then([]);
  });

  test('a pass that was never issued is not found', () => {
    spec.given([]).when({ type: 'StopAutomationEmails', now: NOW }).thenThrows('not_found');
  });

  test('the pass remembers since when; turned back on, it forgets', () => {
    expect(replay(passDecider, [passIssued(), stopped])?.automationEmailsStoppedAt).toBe(STOPPED_AT);
    expect(replay(passDecider, [passIssued(), stopped, resumed])?.automationEmailsStoppedAt).toBeNull();
  });

  test("stopped, an automation's email is skipped as `unsubscribed`; its other actions happen", () => {
    spec
      .given([passIssued(), stopped])
      .when(run)
      .then([
        { type: 'PointsAdjusted', data: { delta: 10, points: 110, occurred_at: OCCURRED_AT } },
        {
          type: 'AutomationRan',
          data: {
            automation_id: 'automation-1',
            occurrence: 'issued',
            depth: 1,
            actions: [
              { action: THANKS, status: 'skipped', detail: 'unsubscribed' },
              { action: TEN_POINTS, status: 'done', detail: null },
            ],
            activity_at: '2026-11-21T09:00:00.000Z',
            occurred_at: OCCURRED_AT,
          },
        },
      ]);
  });

  test('turned back on, the email of the next run is sent', () => {
    spec
      .given([passIssued(), stopped, resumed])
      .when({ ...run, run: { ...run.run, actions: [THANKS] } })
      .then([
        {
          type: 'AutomationRan',
          data: {
            automation_id: 'automation-1',
            occurrence: 'issued',
            depth: 1,
            actions: [{ action: THANKS, status: 'done', detail: null }],
            activity_at: '2026-11-21T09:00:00.000Z',
            occurred_at: OCCURRED_AT,
          },
        },
      ]);
  });
});

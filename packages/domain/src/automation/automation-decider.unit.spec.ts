import { describe, expect, test } from '@jest/globals';
import { decodeEvent } from '../events/event-registry';
import { PlanRefusal } from '../plan/plan';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { AutomationCommand, AutomationDraft, AutomationEvent, AutomationTermsData, AutomationUpdate } from './automation';
import { automationDecider } from './automation-decider';
import { automationEvents } from './automation-event-registry';

const spec = deciderSpec(automationDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date('2026-11-21T11:00:00.000Z');

const DRAFT: AutomationDraft = {
  name: 'Welcome points',
  templateId: null,
  trigger: { type: 'pass_issued' },
  actions: [{ type: 'add_points', points: 10 }],
  enabled: true,
};
const create = (draft: Partial<AutomationDraft> = {}, plan: 'free' | 'pro' = 'pro', existing = 0): AutomationCommand => ({
  type: 'CreateAutomation',
  automationId: 'automation-1',
  businessId: 'business-1',
  mode: 'live',
  draft: { ...DRAFT, ...draft },
  allowance: { plan, existing },
  now: NOW,
});
const TERMS: AutomationTermsData = {
  name: 'Welcome points',
  template_id: null,
  trigger: { type: 'pass_issued', delay_minutes: 0 },
  actions: [{ type: 'add_points', points: 10 }],
  enabled: true,
};
const created = (terms: Partial<AutomationTermsData> = {}): AutomationEvent => ({
  type: 'AutomationCreated',
  data: { automation_id: 'automation-1', business_id: 'business-1', mode: 'live', ...TERMS, ...terms, occurred_at: NOW.toISOString() },
});
const update = (changes: AutomationUpdate, plan: 'free' | 'pro' = 'pro'): AutomationCommand => ({ type: 'UpdateAutomation', update: changes, plan, now: LATER });
const updated = (changes: Partial<AutomationTermsData>): AutomationEvent => ({ type: 'AutomationUpdated', data: { changes, occurred_at: LATER.toISOString() } });

describe('creating an automation', () => {
  test('records its terms, a delay of 0 when none is given', () => {
    spec.given([]).when(create()).then([created()]);
  });

  test('every trigger type with its values is accepted', () => {
    const triggers = [
      { type: 'pass_installed', delay_minutes: 43_200 },
      { type: 'stamps_reached', value: 5 },
      { type: 'points_reached', value: 200 },
      { type: 'reward_earned', milestone_id: 'milestone-1' },
      { type: 'inactive', days: 365 },
      { type: 'birthday' },
      { type: 'balance_below', value: 500 },
    ];
    for (const trigger of triggers) spec.given([]).when(create({ trigger })).then([created({ trigger: { ...trigger } as AutomationTermsData['trigger'] })]);
  });

  test.each([
    [{ type: 'visited' }, 'trigger.type'],
    [{ type: 'stamps_reached' }, 'trigger.value'],
    [{ type: 'inactive', days: 0 }, 'trigger.days'],
    [{ type: 'inactive', days: 366 }, 'trigger.days'],
    [{ type: 'pass_issued', delay_minutes: 43_201 }, 'trigger.delay_minutes'],
  ])('the trigger %j is a validation_error at %s', (trigger, path) => {
    const error = spec.given([]).when(create({ trigger })).thenThrows('validation_error');
    expect(error.details).toMatchObject({ issues: [{ path }] });
  });

  test('no action, more than 5, an unknown one or one without its values is a validation_error', () => {
    const points = { type: 'add_points', points: 1 };
    for (const [actions, path] of [
      [[], 'actions'],
      [Array.from({ length: 6 }, () => points), 'actions'],
      [[{ type: 'call_them' }], 'actions.0.type'],
      [[points, { type: 'send_email', subject: 'Hi' }], 'actions.1.body'],
    ] as const) {
      const error = spec.given([]).when(create({ actions })).thenThrows('validation_error');
      expect(error.details).toMatchObject({ issues: [{ path }] });
    }
  });

  test('five actions are accepted', () => {
    const actions = Array.from({ length: 5 }, () => ({ type: 'add_stamps' as const, count: 1 }));
    spec.given([]).when(create({ actions })).then([created({ actions })]);
  });

  test('the 51st automation of a business is a validation_error', () => {
    spec.given([]).when(create({}, 'pro', 49)).then([created()]);
    const error = spec.given([]).when(create({}, 'pro', 50)).thenThrows('validation_error');
    expect(error.details).toMatchObject({ issues: [{ path: 'automations' }] });
  });

  test("on Free it is the plan's 402 naming automations", () => {
    const refusal = spec.given([]).when(create({}, 'free')).thenThrows('pro_feature');
    expect(refusal).toBeInstanceOf(PlanRefusal);
    expect(refusal).toMatchObject({ feature: 'automations', plan: 'free' });
  });
});

describe('changing an automation', () => {
  test('records only what changes', () => {
    spec.given([created()]).when(update({ name: 'Welcome points', actions: [{ type: 'add_points', points: 20 }] })).then([updated({ actions: [{ type: 'add_points', points: 20 }] })]);
  });

  test('pausing is allowed on any plan; enabling on Free is the 402', () => {
    spec.given([created()]).when(update({ enabled: false }, 'free')).then([updated({ enabled: false })]);
    spec.given([created(), updated({ enabled: false })]).when(update({ enabled: true }, 'free')).thenThrows('pro_feature');
    spec.given([created(), updated({ enabled: false })]).when(update({ enabled: true })).then([updated({ enabled: true })]);
  });

  test('checks what it sets as creation does', () => {
    spec.given([created()]).when(update({ trigger: { type: 'inactive' } })).thenThrows('validation_error');
  });

  test('a deleted automation is not_found', () => {
    spec.given([created(), { type: 'AutomationDeleted', data: { occurred_at: LATER.toISOString() } }]).when(update({ name: 'x' })).thenThrows('not_found');
  });
});

describe('an automation as its events make it', () => {
  test('takes its terms and changes; deleted, it is gone', () => {
    expect(replay(automationDecider, [created(), updated({ enabled: false })])).toMatchObject({ id: 'automation-1', enabled: false, updatedAt: LATER.toISOString() });
    expect(replay(automationDecider, [created(), { type: 'AutomationDeleted', data: { occurred_at: LATER.toISOString() } }])).toBeNull();
  });

  test('each event reads back as it was decided', () => {
    for (const event of [created(), updated({ enabled: false, trigger: { type: 'inactive', days: 30 } })]) {
      expect(decodeEvent(automationEvents, { type: event.type, data: event.data, metadata: { schema_version: 1 } })).toEqual(event);
    }
  });
});

import { describe, expect, test } from '@jest/globals';
import { decodeEvent } from '../events/event-registry';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { PlanRefusal } from '../plan/plan';
import type { MilestoneAllowance, MilestoneCommand, MilestoneDraft, MilestoneEvent, MilestoneTermsData, MilestoneUpdate } from './milestone';
import { milestoneDecider } from './milestone-decider';
import { milestoneEvents } from './milestone-event-registry';

const spec = deciderSpec(milestoneDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date('2026-11-21T11:00:00.000Z');
const ARCHIVED_AT = '2026-11-21T10:30:00.000Z';

const DRAFT: MilestoneDraft = {
  name: 'Coffee round',
  metric: 'stamps',
  threshold: 10,
  reward: { title: 'Free coffee', description: 'Any size' },
  rewardExpiresAfterDays: 30,
};
const PRO: MilestoneAllowance = { plan: 'pro', active: 0 };
type CreateMilestone = Extract<MilestoneCommand, { type: 'CreateMilestone' }>;
const create = (draft: Partial<MilestoneDraft> = {}, allowance = PRO): CreateMilestone => ({
  type: 'CreateMilestone',
  milestoneId: 'milestone-1',
  businessId: 'business-1',
  mode: 'live',
  templateId: 'template-1',
  draft: { ...DRAFT, ...draft },
  allowance,
  now: NOW,
});
const update = (changes: MilestoneUpdate): MilestoneCommand => ({ type: 'UpdateMilestone', update: changes, now: LATER });
const archive: MilestoneCommand = { type: 'ArchiveMilestone', now: LATER };

type MilestoneCreatedData = Extract<MilestoneEvent, { type: 'MilestoneCreated' }>['data'];
const created = (terms: Partial<MilestoneCreatedData> = {}): MilestoneEvent => ({
  type: 'MilestoneCreated',
  data: {
    milestone_id: 'milestone-1',
    business_id: 'business-1',
    mode: 'live',
    template_id: 'template-1',
    metric: 'stamps',
    name: 'Coffee round',
    threshold: 10,
    reward: { title: 'Free coffee', description: 'Any size' },
    reward_expires_after_days: 30,
    ...terms,
    occurred_at: NOW.toISOString(),
  },
});
const updated = (changes: Partial<MilestoneTermsData>): MilestoneEvent => ({ type: 'MilestoneUpdated', data: { changes, occurred_at: LATER.toISOString() } });
const archived: MilestoneEvent = { type: 'MilestoneArchived', data: { occurred_at: ARCHIVED_AT } };

describe('creating a milestone', () => {
  test('records its template, mode, metric and terms', () => {
    spec.given([]).when(create()).then([created()]);
  });

  test('records the name and reward title without surrounding whitespace', () => {
    spec.given([]).when(create({ name: '  Coffee round ', reward: { title: ' Free coffee  ', description: 'Any size' } })).then([created()]);
  });

  test('a reward may have no description and never expire', () => {
    spec
      .given([])
      .when(create({ reward: { title: 'Free coffee', description: null }, rewardExpiresAfterDays: null }))
      .then([created({ reward: { title: 'Free coffee', description: null }, reward_expires_after_days: null })]);
  });

  test('a milestone may count points', () => {
    spec.given([]).when(create({ metric: 'points', threshold: 250 })).then([created({ metric: 'points', threshold: 250 })]);
  });

  test('a sandbox milestone records its mode', () => {
    spec.given([]).when({ ...create(), mode: 'test' }).then([created({ mode: 'test' })]);
  });

  test('Free allows one active milestone', () => {
    spec.given([]).when(create({}, { plan: 'free', active: 0 })).then([created()]);
  });

  test("Free's second active milestone is the plan's 402, naming reward_milestones", () => {
    const refusal = spec.given([]).when(create({}, { plan: 'free', active: 1 })).thenThrows('pro_feature');
    expect(refusal).toBeInstanceOf(PlanRefusal);
    expect(refusal).toMatchObject({ feature: 'reward_milestones', plan: 'free' });
    expect(refusal.message).toBe('The free plan allows 1 active reward milestone; this business has 1. Upgrade to Pro for more.');
  });

  test('Pro has no limit', () => {
    spec.given([]).when(create({}, { plan: 'pro', active: 500 })).then([created()]);
  });

  test.each([1, 100_000])('a threshold of %d is accepted', (threshold) => {
    spec.given([]).when(create({ threshold })).then([created({ threshold })]);
  });

  test.each([0, 100_001, 2.5, -1])('a threshold of %d is a validation_error naming the field and its bounds', (threshold) => {
    const error = spec.given([]).when(create({ threshold })).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'threshold', message: 'must be an integer from 1 to 100000' }] });
  });

  test('a reward title of 100 characters is accepted; blank or longer is a validation_error', () => {
    spec.given([]).when(create({ reward: { title: 't'.repeat(100), description: null } })).then([created({ reward: { title: 't'.repeat(100), description: null } })]);
    for (const title of ['   ', 't'.repeat(101)]) {
      const error = spec.given([]).when(create({ reward: { title, description: null } })).thenThrows('validation_error');
      expect(error.details).toEqual({ issues: [{ path: 'reward.title', message: 'must be 1 to 100 characters' }] });
    }
  });

  test('a reward description of more than 500 characters is a validation_error', () => {
    spec.given([]).when(create({ reward: { title: 'Free coffee', description: 'd'.repeat(500) } })).then([created({ reward: { title: 'Free coffee', description: 'd'.repeat(500) } })]);
    const error = spec.given([]).when(create({ reward: { title: 'Free coffee', description: 'd'.repeat(501) } })).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'reward.description', message: 'must be at most 500 characters' }] });
  });

  test.each([0, 3651, 1.5])('rewards expiring after %d days are a validation_error', (days) => {
    const error = spec.given([]).when(create({ rewardExpiresAfterDays: days })).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'reward_expires_after_days', message: 'must be an integer from 1 to 3650' }] });
  });

  test('a blank name is a validation_error', () => {
    spec.given([]).when(create({ name: '  ' })).thenThrows('validation_error');
  });

  test('a milestone that exists is a conflict', () => {
    spec.given([created()]).when(create()).thenThrows('conflict');
  });
});

describe('updating a milestone', () => {
  test('records only the terms that change, each with its whole new value', () => {
    spec
      .given([created()])
      .when(update({ name: 'Coffee round', threshold: 8, reward: { title: 'Free coffee', description: null } }))
      .then([updated({ threshold: 8, reward: { title: 'Free coffee', description: null } })]);
  });

  test('may make rewards never expire', () => {
    spec.given([created()]).when(update({ rewardExpiresAfterDays: null })).then([updated({ reward_expires_after_days: null })]);
  });

  test('an update that changes nothing is no fact', () => {
    spec.given([created()]).when(update({ threshold: 10 })).then([]);
  });

  test('checks the terms it sets as creation does', () => {
    spec.given([created()]).when(update({ threshold: 0 })).thenThrows('validation_error');
    spec.given([created()]).when(update({ rewardExpiresAfterDays: 3651 })).thenThrows('validation_error');
  });

  test('an archived milestone is an invalid_state', () => {
    spec.given([created(), archived]).when(update({ threshold: 8 })).thenThrows('invalid_state');
  });

  test('a milestone that does not exist is not_found', () => {
    spec.given([]).when(update({ threshold: 8 })).thenThrows('not_found');
  });
});

describe('archiving a milestone', () => {
  test('records it', () => {
    spec.given([created()]).when(archive).then([{ type: 'MilestoneArchived', data: { occurred_at: LATER.toISOString() } }]);
  });

  test('archiving it again is no fact', () => {
    spec.given([created(), archived]).when(archive).then([]);
  });

  test('a milestone that does not exist is not_found', () => {
    spec.given([]).when(archive).thenThrows('not_found');
  });
});

describe('a milestone as its events make it', () => {
  test('is active with its terms when created', () => {
    expect(replay(milestoneDecider, [created()])).toEqual({
      id: 'milestone-1',
      businessId: 'business-1',
      mode: 'live',
      templateId: 'template-1',
      name: 'Coffee round',
      metric: 'stamps',
      threshold: 10,
      reward: { title: 'Free coffee', description: 'Any size' },
      rewardExpiresAfterDays: 30,
      status: 'active',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
  });

  test('takes the changed terms and keeps the others', () => {
    const milestone = replay(milestoneDecider, [created(), updated({ threshold: 8, reward_expires_after_days: null })]);
    expect(milestone).toMatchObject({ name: 'Coffee round', threshold: 8, rewardExpiresAfterDays: null, reward: { title: 'Free coffee' }, updatedAt: LATER.toISOString() });
  });

  test('is archived, keeping its terms', () => {
    expect(replay(milestoneDecider, [created(), archived])).toMatchObject({ status: 'archived', threshold: 10, updatedAt: ARCHIVED_AT });
  });
});

describe('storing milestone events', () => {
  test('each reads back as it was decided', () => {
    for (const event of [created(), updated({ threshold: 8, reward: { title: 'Tea', description: null } }), archived]) {
      expect(decodeEvent(milestoneEvents, { type: event.type, data: event.data, metadata: { schema_version: 1 } })).toEqual(event);
    }
  });

  test('a MilestoneCreated with an unknown metric is refused on read', () => {
    const stored = { ...created().data, metric: 'visits' };
    expect(() => decodeEvent(milestoneEvents, { type: 'MilestoneCreated', data: stored, metadata: { schema_version: 1 } })).toThrow(/metric/);
  });
});

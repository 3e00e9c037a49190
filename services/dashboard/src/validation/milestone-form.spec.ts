/** The milestone form sends the API's bodies and refuses, beside each field, what the API would refuse. */
import { describe, expect, it } from '@jest/globals';
import type { MilestoneResponse } from '@passes/contracts';
import { checkMilestoneChange, checkNewMilestone, milestoneFormOf, NEW_MILESTONE_FORM, type MilestoneForm } from './milestone-form';

const FORM: MilestoneForm = { ...NEW_MILESTONE_FORM, name: 'Coffee round', threshold: '10', reward_title: 'Free coffee' };
const create = (change: Partial<MilestoneForm>) => {
  const checked = checkNewMilestone({ ...FORM, ...change }, 'template-1');
  return checked.ok ? checked.body : checked.errors;
};

describe('a new milestone', () => {
  it('is sent with its template, metric and trimmed terms; blank description and expiry as null', () => {
    expect(create({ reward_title: ' Free coffee ' })).toEqual({
      template_id: 'template-1',
      name: 'Coffee round',
      metric: 'stamps',
      threshold: 10,
      reward: { title: 'Free coffee', description: null },
      reward_expires_after_days: null,
    });
  });

  it('carries points, a description and days until its rewards expire', () => {
    expect(create({ metric: 'points', threshold: '250', reward_description: ' Any size ', expiry_days: '30' })).toMatchObject({
      metric: 'points',
      threshold: 250,
      reward: { title: 'Free coffee', description: 'Any size' },
      reward_expires_after_days: 30,
    });
  });

  it("refuses what the API refuses, in the API's words, on the API's paths", () => {
    expect(create({ name: ' ', threshold: '0', reward_title: '', expiry_days: '3651' })).toEqual({
      name: 'must not be empty',
      threshold: 'must be at least 1',
      'reward.title': 'must not be empty',
      reward_expires_after_days: 'must be at most 3650',
    });
    expect(create({ reward_description: 'd'.repeat(501) })).toEqual({ 'reward.description': 'must be at most 500 characters' });
  });

  it('refuses a threshold or an expiry that is not a whole number, and a blank threshold', () => {
    expect(create({ threshold: '2.5', expiry_days: 'soon' })).toEqual({ threshold: 'must be an integer', reward_expires_after_days: 'must be an integer' });
    expect(create({ threshold: '' })).toEqual({ threshold: 'must not be empty' });
  });
});

describe('a change to a milestone', () => {
  const milestone: MilestoneResponse = {
    id: 'milestone-1',
    template_id: 'template-1',
    name: 'Coffee round',
    metric: 'points',
    threshold: 250,
    reward: { title: 'Five pounds off', description: null },
    reward_expires_after_days: 30,
    status: 'active',
    created_at: '2026-11-21T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
  };

  it('starts from the milestone as the API answered it', () => {
    expect(milestoneFormOf(milestone)).toEqual({ name: 'Coffee round', metric: 'points', threshold: '250', reward_title: 'Five pounds off', reward_description: '', expiry_days: '30' });
  });

  it('sends every term it may change, never the metric, and clears the expiry with null', () => {
    const checked = checkMilestoneChange({ ...milestoneFormOf(milestone), threshold: '300', expiry_days: '' });
    expect(checked).toEqual({
      ok: true,
      body: { name: 'Coffee round', threshold: 300, reward: { title: 'Five pounds off', description: null }, reward_expires_after_days: null },
    });
  });
});

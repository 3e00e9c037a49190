import { describe, expect, test } from '@jest/globals';
import { createMilestoneBody, updateMilestoneBody } from './milestone-bodies';
import { openApiDocument } from './openapi/openapi-document';
import { passResponse } from './pass-responses';
import { planRefusalResponse } from './error-responses';

const BODY = { template_id: 'template-1', name: 'Coffee round', metric: 'stamps', threshold: 10, reward: { title: 'Free coffee' } };
const problemsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the body creating a milestone', () => {
  test('needs only the template, name, metric, threshold and reward title', () => {
    expect(createMilestoneBody.parse(BODY)).toEqual(BODY);
  });

  test('takes a description and days until rewards expire', () => {
    const body = { ...BODY, reward: { title: 'Free coffee', description: 'Any size' }, reward_expires_after_days: 30 };
    expect(createMilestoneBody.parse(body)).toEqual(body);
  });

  test.each([
    [{ threshold: 0 }, 'threshold', 'must be at least 1'],
    [{ threshold: 100_001 }, 'threshold', 'must be at most 100000'],
    [{ threshold: 2.5 }, 'threshold', 'must be an integer'],
    [{ metric: 'visits' }, 'metric', 'must be one of stamps, points'],
    [{ reward: { title: '' } }, 'reward.title', 'must not be empty'],
    [{ reward: { title: 't'.repeat(101) } }, 'reward.title', 'must be at most 100 characters'],
    [{ reward: { title: 'Free coffee', description: 'd'.repeat(501) } }, 'reward.description', 'must be at most 500 characters'],
    [{ reward_expires_after_days: 0 }, 'reward_expires_after_days', 'must be at least 1'],
    [{ reward_expires_after_days: 3651 }, 'reward_expires_after_days', 'must be at most 3650'],
  ])('refuses %p, naming %s', (change, path, message) => {
    expect(problemsOf(createMilestoneBody.safeParse({ ...BODY, ...change }))).toEqual([[path, message]]);
  });

  test('refuses unknown fields', () => {
    expect(createMilestoneBody.safeParse({ ...BODY, status: 'archived' }).success).toBe(false);
  });
});

describe('the body of a milestone PATCH', () => {
  test('may change the name, threshold, reward and expiry, and clear the expiry with null', () => {
    const body = { name: 'Tea round', threshold: 8, reward: { title: 'Free tea', description: null }, reward_expires_after_days: null };
    expect(updateMilestoneBody.parse(body)).toEqual(body);
    expect(updateMilestoneBody.parse({})).toEqual({});
  });

  test('may not change the metric or the template', () => {
    expect(updateMilestoneBody.safeParse({ metric: 'points' }).success).toBe(false);
    expect(updateMilestoneBody.safeParse({ template_id: 'template-2' }).success).toBe(false);
  });
});

describe('the reward fields of a pass', () => {
  const pass = {
    id: 'pass-1',
    serial_number: 'PS-1',
    template_id: 'template-1',
    customer_name: null,
    customer_email: null,
    external_id: null,
    status: 'active',
    points: 0,
    balance: null,
    stamps: 12,
    metadata: {},
    barcode: { format: 'qr', message: 'x' },
    nfc_message: null,
    barcode_data: null,
    nfc_data: null,
    download_url: 'http://127.0.0.1/d',
    apple_wallet_url: null,
    google_wallet_url: null,
    created_at: '2026-11-21T09:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    checked_in_at: null,
    redeemed_at: null,
    voided_at: null,
    reactivated_at: null,
  };
  const reward = {
    id: 'reward-1',
    milestone_id: 'milestone-1',
    title: 'Free coffee',
    description: null,
    status: 'available',
    earned_at: '2026-11-21T10:00:00.000Z',
    redeemed_at: null,
    expires_at: null,
  };

  test('are in every pass answer: one without them does not read', () => {
    expect(passResponse.safeParse(pass).success).toBe(false);
  });

  test('carry the rewards and the next reward', () => {
    const next_reward = { milestone_id: 'milestone-2', title: 'Free cake', metric: 'stamps', remaining: 8 };
    expect(passResponse.parse({ ...pass, rewards: [reward], next_reward, last_message: null })).toMatchObject({ rewards: [reward], next_reward });
    expect(passResponse.safeParse({ ...pass, rewards: [], next_reward: null, last_message: null }).success).toBe(true);
  });

  test('a reward reads available, redeemed or expired, nothing else', () => {
    expect(passResponse.safeParse({ ...pass, rewards: [reward], next_reward: null, last_message: null }).success).toBe(true);
    expect(passResponse.safeParse({ ...pass, rewards: [{ ...reward, status: 'pending' }], next_reward: null, last_message: null }).success).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  test('names the Milestone, Reward and NextReward schemas and the pass fields that use them', () => {
    const { schemas } = openApiDocument().components;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Milestone', 'Reward', 'NextReward']));
    expect(schemas['Pass']?.['properties']).toMatchObject({ rewards: { items: { $ref: '#/components/schemas/Reward' } }, next_reward: {} });
  });

  test('lists reward_milestones among the features a 402 names', () => {
    expect(planRefusalResponse.shape.feature.options).toContain('reward_milestones');
  });
});

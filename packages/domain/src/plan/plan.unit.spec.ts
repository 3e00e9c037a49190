import { describe, expect, test } from '@jest/globals';
import { DomainError } from '../shared/domain-error';
import { hasFeature, PlanRefusal, PRO_FEATURES, requireFeature, requireWithinLimit } from './plan';

function refusalOf(attempt: () => void): PlanRefusal {
  try {
    attempt();
  } catch (error) {
    if (error instanceof PlanRefusal) return error;
    throw error;
  }
  throw new Error('expected a PlanRefusal');
}

describe('Pro features', () => {
  test.each(PRO_FEATURES)('%s is Pro only', (feature) => {
    expect(hasFeature('pro', feature)).toBe(true);
    expect(hasFeature('free', feature)).toBe(false);
  });

  test('a Free business is refused with the feature and plan named', () => {
    const refusal = refusalOf(() => requireFeature('free', 'api_access'));
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'pro_feature', feature: 'api_access', plan: 'free' });
    expect(refusal.message).toBe('API access is a Pro feature; this business is on the free plan.');
  });

  test('a Pro business is not refused', () => {
    expect(() => requireFeature('pro', 'bulk_operations')).not.toThrow();
  });
});

describe('counted limits', () => {
  test.each([
    ['templates', 0, 1],
    ['passes', 99, 1],
    ['webhooks', 0, 1],
    ['passes', 0, 100],
  ] as const)('Free allows %s from %i adding %i', (resource, used, adding) => {
    expect(() => requireWithinLimit('free', resource, used, adding)).not.toThrow();
  });

  test.each([
    ['templates', 1, 1, 'The free plan allows 1 template; this business has 1. Upgrade to Pro for more.'],
    ['passes', 100, 1, 'The free plan allows 100 issued passes; this business has 100. Upgrade to Pro for more.'],
    ['passes', 1, 100, 'The free plan allows 100 issued passes; this business has 1. Upgrade to Pro for more.'],
    ['webhooks', 1, 1, 'The free plan allows 1 webhook; this business has 1. Upgrade to Pro for more.'],
  ] as const)('Free refuses %s from %i adding %i', (resource, used, adding, message) => {
    const refusal = refusalOf(() => requireWithinLimit('free', resource, used, adding));
    expect(refusal).toMatchObject({ feature: resource, plan: 'free', message });
  });

  test('Pro has no template or pass limit', () => {
    expect(() => requireWithinLimit('pro', 'templates', 10_000)).not.toThrow();
    expect(() => requireWithinLimit('pro', 'passes', 10_000_000, 500)).not.toThrow();
  });

  test('Pro allows 20 webhooks and refuses the 21st without suggesting an upgrade', () => {
    expect(() => requireWithinLimit('pro', 'webhooks', 19)).not.toThrow();
    expect(refusalOf(() => requireWithinLimit('pro', 'webhooks', 20)).message).toBe('The pro plan allows 20 webhooks; this business has 20.');
  });
});

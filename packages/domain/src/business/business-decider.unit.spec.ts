import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { BusinessEvent } from './business';
import { businessDecider } from './business-decider';

const spec = deciderSpec(businessDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const REGISTERED_AT = '2026-11-01T08:00:00.000Z';
const register = (name: string) => ({ type: 'RegisterBusiness' as const, businessId: 'business-1', name, ownerUserId: 'user-1', now: NOW });
const registered: BusinessEvent = {
  type: 'BusinessRegistered',
  data: { business_id: 'business-1', name: 'Corner Café', owner_user_id: 'user-1', plan: 'free', occurred_at: REGISTERED_AT },
};
const upgraded: BusinessEvent = { type: 'BusinessPlanChanged', data: { plan: 'pro', previous_plan: 'free', occurred_at: NOW.toISOString() } };

describe('registering a business', () => {
  test('records it on the Free plan', () => {
    spec.given([]).when(register('Corner Café')).then([{ ...registered, data: { ...registered.data, occurred_at: NOW.toISOString() } }]);
  });

  test('records the name without surrounding whitespace', () => {
    spec.given([]).when(register('  Corner Café \n')).then([{ ...registered, data: { ...registered.data, occurred_at: NOW.toISOString() } }]);
  });

  test('registering a business that exists is a conflict', () => {
    spec.given([registered]).when(register('Corner Café')).thenThrows('conflict');
  });

  test('a blank name is a validation_error', () => {
    const error = spec.given([]).when(register('   ')).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'name', message: 'must be 1 to 200 characters' }] });
  });

  test('a name of 200 characters is accepted', () => {
    spec.given([]).when(register('x'.repeat(200))).then([{ ...registered, data: { ...registered.data, name: 'x'.repeat(200), occurred_at: NOW.toISOString() } }]);
  });

  test('a name longer than 200 characters is a validation_error', () => {
    spec.given([]).when(register('x'.repeat(201))).thenThrows('validation_error');
  });
});

describe('changing the plan', () => {
  test('records the new plan and the one it replaces', () => {
    spec.given([registered]).when({ type: 'ChangePlan', plan: 'pro', now: NOW }).then([upgraded]);
  });

  test('changing to the plan the business already has records nothing', () => {
    spec.given([registered]).when({ type: 'ChangePlan', plan: 'free', now: NOW }).then([]);
  });

  test('changing the plan of a business that does not exist is not_found', () => {
    spec.given([]).when({ type: 'ChangePlan', plan: 'pro', now: NOW }).thenThrows('not_found');
  });
});

describe('evolving a business', () => {
  test('BusinessRegistered makes the business', () => {
    expect(replay(businessDecider, [registered])).toEqual({
      id: 'business-1',
      name: 'Corner Café',
      ownerUserId: 'user-1',
      plan: 'free',
      createdAt: REGISTERED_AT,
    });
  });

  test('BusinessPlanChanged sets the plan', () => {
    expect(replay(businessDecider, [registered, upgraded])?.plan).toBe('pro');
  });

  test('a plan change before registration leaves no business', () => {
    expect(replay(businessDecider, [upgraded])).toBeNull();
  });
});

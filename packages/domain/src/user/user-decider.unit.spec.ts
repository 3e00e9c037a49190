import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { UserCommand, UserEvent } from './user';
import { userDecider } from './user-decider';

const spec = deciderSpec(userDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const register = (email: string): UserCommand => ({ type: 'RegisterUser', userId: 'user-1', businessId: 'business-1', email, passwordHash: 'scrypt$hash', now: NOW });
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { user_id: 'user-1', business_id: 'business-1', email: 'ada@example.com', password_hash: 'scrypt$hash', occurred_at: NOW.toISOString() },
};

describe('registering a user', () => {
  test('records the user', () => {
    spec.given([]).when(register('ada@example.com')).then([registered]);
  });

  test('records the email in lowercase', () => {
    spec.given([]).when(register('Ada@Example.COM')).then([registered]);
  });

  test('registering a user that exists is a conflict', () => {
    spec.given([registered]).when(register('ada@example.com')).thenThrows('conflict');
  });

  test('UserRegistered makes the user', () => {
    expect(replay(userDecider, [registered])).toEqual({
      id: 'user-1',
      businessId: 'business-1',
      email: 'ada@example.com',
      passwordHash: 'scrypt$hash',
      createdAt: NOW.toISOString(),
    });
  });
});

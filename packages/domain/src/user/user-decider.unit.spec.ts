import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { UserCommand, UserEvent } from './user';
import { userDecider } from './user-decider';

const spec = deciderSpec(userDecider);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date('2026-11-22T10:00:00.000Z');
const EXPIRES = new Date('2026-11-28T10:00:00.000Z');
const register = (email: string): UserCommand => ({ type: 'RegisterUser', userId: 'user-1', businessId: 'business-1', email, passwordHash: 'scrypt$hash', now: NOW });
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { user_id: 'user-1', business_id: 'business-1', email: 'ada@example.com', password_hash: 'scrypt$hash', occurred_at: NOW.toISOString() },
};
const invite = (email: string): UserCommand => ({
  type: 'InviteUser',
  userId: 'user-2',
  businessId: 'business-1',
  email,
  role: 'staff',
  invitedBy: 'user:user-1',
  inviteTokenHash: 'token-hash',
  inviteExpiresAt: EXPIRES,
  now: NOW,
});
const invited: UserEvent = {
  type: 'UserInvited',
  data: {
    user_id: 'user-2',
    business_id: 'business-1',
    email: 'bob@example.com',
    role: 'staff',
    invited_by: 'user:user-1',
    invite_token_hash: 'token-hash',
    invite_expires_at: EXPIRES.toISOString(),
    occurred_at: NOW.toISOString(),
  },
};
const accept = (inviteTokenHash: string, now = LATER): UserCommand => ({ type: 'AcceptInvite', inviteTokenHash, passwordHash: 'scrypt$bob', name: 'Bob', now });
const accepted: UserEvent = { type: 'UserInviteAccepted', data: { password_hash: 'scrypt$bob', name: 'Bob', occurred_at: LATER.toISOString() } };
const removed: UserEvent = { type: 'UserRemoved', data: { occurred_at: LATER.toISOString() } };

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

  test('UserRegistered makes the business founder, an active owner', () => {
    expect(replay(userDecider, [registered])).toEqual({
      id: 'user-1',
      businessId: 'business-1',
      email: 'ada@example.com',
      passwordHash: 'scrypt$hash',
      name: null,
      role: 'owner',
      status: 'active',
      inviteTokenHash: null,
      inviteExpiresAt: null,
      resetTokenHash: null,
      resetExpiresAt: null,
      passwordChangedAt: null,
      endedSessions: [],
      createdAt: NOW.toISOString(),
    });
  });
});

describe('inviting a user', () => {
  test('records the invite with its role, its token hash and the email in lowercase', () => {
    spec.given([]).when(invite('Bob@Example.com')).then([invited]);
  });

  test('an invited user has no password and cannot log in yet', () => {
    expect(replay(userDecider, [invited])).toMatchObject({ status: 'invited', passwordHash: null, role: 'staff' });
  });

  test('inviting over an existing user is a conflict', () => {
    spec.given([invited]).when(invite('bob@example.com')).thenThrows('conflict');
  });
});

describe('accepting an invite', () => {
  test('sets the password and name, and the user is active', () => {
    spec.given([invited]).when(accept('token-hash')).then([accepted]);
    expect(replay(userDecider, [invited, accepted])).toMatchObject({ status: 'active', passwordHash: 'scrypt$bob', name: 'Bob', inviteTokenHash: null });
  });

  test('works once: the link is used', () => {
    spec.given([invited, accepted]).when(accept('token-hash')).thenThrows('not_found');
  });

  test('another token is refused', () => {
    spec.given([invited]).when(accept('other-hash')).thenThrows('not_found');
  });

  test('an expired invite is refused', () => {
    spec.given([invited]).when(accept('token-hash', EXPIRES)).thenThrows('not_found');
  });

  test('a removed invite is refused', () => {
    spec.given([invited, removed]).when(accept('token-hash')).thenThrows('not_found');
  });
});

describe('resetting a password', () => {
  const HOUR_LATER = new Date(LATER.getTime() + 3_600_000);
  const request = (resetTokenHash: string): UserCommand => ({ type: 'RequestPasswordReset', resetTokenHash, resetExpiresAt: HOUR_LATER, now: LATER });
  const requested = (resetTokenHash: string): UserEvent => ({
    type: 'UserPasswordResetRequested',
    data: { reset_token_hash: resetTokenHash, reset_expires_at: HOUR_LATER.toISOString(), occurred_at: LATER.toISOString() },
  });
  const reset = (resetTokenHash: string, now = LATER): UserCommand => ({ type: 'ResetPassword', resetTokenHash, passwordHash: 'scrypt$new', now });
  const wasReset: UserEvent = { type: 'UserPasswordReset', data: { password_hash: 'scrypt$new', occurred_at: LATER.toISOString() } };

  test('a request records its token hash and expiry', () => {
    spec.given([registered]).when(request('reset-1')).then([requested('reset-1')]);
  });

  test('only an active user may ask: an invited or removed one is not found', () => {
    spec.given([invited]).when(request('reset-1')).thenThrows('not_found');
    spec.given([invited, accepted, removed]).when(request('reset-1')).thenThrows('not_found');
  });

  test('sets the new password, uses the link up and says when the password changed', () => {
    spec.given([registered, requested('reset-1')]).when(reset('reset-1')).then([wasReset]);
    expect(replay(userDecider, [registered, requested('reset-1'), wasReset])).toMatchObject({
      passwordHash: 'scrypt$new',
      resetTokenHash: null,
      resetExpiresAt: null,
      passwordChangedAt: LATER.toISOString(),
    });
  });

  test('works once', () => {
    spec.given([registered, requested('reset-1'), wasReset]).when(reset('reset-1')).thenThrows('not_found');
  });

  test('a later request replaces the earlier link', () => {
    spec.given([registered, requested('reset-1'), requested('reset-2')]).when(reset('reset-1')).thenThrows('not_found');
    spec.given([registered, requested('reset-1'), requested('reset-2')]).when(reset('reset-2')).then([wasReset]);
  });

  test('an expired link, or one of a user removed since, is refused', () => {
    spec.given([registered, requested('reset-1')]).when(reset('reset-1', HOUR_LATER)).thenThrows('not_found');
    spec.given([invited, accepted, requested('reset-1'), removed]).when(reset('reset-1')).thenThrows('not_found');
  });

  test('without a request, nothing resets', () => {
    spec.given([registered]).when(reset('reset-1')).thenThrows('not_found');
  });
});

describe('changing a password, signed in', () => {
  const change = (verifiedHash: string): UserCommand => ({ type: 'ChangePassword', verifiedHash, passwordHash: 'scrypt$new', now: LATER });
  const changed: UserEvent = { type: 'UserPasswordChanged', data: { password_hash: 'scrypt$new', occurred_at: LATER.toISOString() } };

  test('sets the new password and says when it changed, ending any reset link asked for', () => {
    const requested: UserEvent = {
      type: 'UserPasswordResetRequested',
      data: { reset_token_hash: 'reset-1', reset_expires_at: EXPIRES.toISOString(), occurred_at: NOW.toISOString() },
    };
    spec.given([registered, requested]).when(change('scrypt$hash')).then([changed]);
    expect(replay(userDecider, [registered, requested, changed])).toMatchObject({ passwordHash: 'scrypt$new', resetTokenHash: null, passwordChangedAt: LATER.toISOString() });
  });

  test('a password changed since the caller\'s was checked is a conflict', () => {
    spec.given([registered, changed]).when(change('scrypt$hash')).thenThrows('conflict');
  });

  test('an invited or removed user is not found', () => {
    spec.given([invited]).when(change('scrypt$hash')).thenThrows('not_found');
    spec.given([invited, accepted, removed]).when(change('scrypt$bob')).thenThrows('not_found');
  });
});

describe('logging out', () => {
  const HOUR = 3_600_000;
  const endSession = (sessionId: string, expiresAt: Date, now = LATER): UserCommand => ({ type: 'EndSession', sessionId, sessionExpiresAt: expiresAt, now });
  const loggedOut = (sessionId: string, expiresAt: Date, at = LATER): UserEvent => ({
    type: 'UserLoggedOut',
    data: { session_id: sessionId, session_expires_at: expiresAt.toISOString(), occurred_at: at.toISOString() },
  });
  const inAnHour = new Date(LATER.getTime() + HOUR);

  test('ends the session, until its token would have run out', () => {
    spec.given([registered]).when(endSession('session-1', inAnHour)).then([loggedOut('session-1', inAnHour)]);
  });

  test('a session ended already, or run out, has nothing left to end', () => {
    spec.given([registered, loggedOut('session-1', inAnHour)]).when(endSession('session-1', inAnHour)).then([]);
    spec.given([registered]).when(endSession('session-1', LATER)).then([]);
  });

  test('a removed user has no session to end', () => {
    spec.given([registered, removed]).when(endSession('session-1', inAnHour)).thenThrows('not_found');
  });

  test('the user keeps the ended sessions whose tokens are still good, and forgets the others', () => {
    const later = new Date(inAnHour.getTime() + 1);
    const user = replay(userDecider, [registered, loggedOut('session-1', inAnHour), loggedOut('session-2', new Date(later.getTime() + HOUR), later)]);
    expect(user?.endedSessions).toEqual([{ id: 'session-2', expiresAt: new Date(later.getTime() + HOUR).toISOString() }]);
  });
});

describe('changing a role', () => {
  test('records the new role', () => {
    spec
      .given([invited, accepted])
      .when({ type: 'ChangeUserRole', role: 'manager', actorUserId: 'user-1', now: LATER })
      .then([{ type: 'UserRoleChanged', data: { role: 'manager', occurred_at: LATER.toISOString() } }]);
  });

  test('the same role changes nothing', () => {
    spec.given([invited]).when({ type: 'ChangeUserRole', role: 'staff', actorUserId: 'user-1', now: LATER }).then([]);
  });

  test('nobody changes their own role', () => {
    spec.given([registered]).when({ type: 'ChangeUserRole', role: 'staff', actorUserId: 'user-1', now: LATER }).thenThrows('invalid_state');
  });

  test('a removed user is not found', () => {
    spec.given([invited, removed]).when({ type: 'ChangeUserRole', role: 'manager', actorUserId: 'user-1', now: LATER }).thenThrows('not_found');
  });
});

describe('removing a user', () => {
  test('records the removal', () => {
    spec.given([invited, accepted]).when({ type: 'RemoveUser', actorUserId: 'user-1', now: LATER }).then([removed]);
    expect(replay(userDecider, [invited, accepted, removed])).toMatchObject({ status: 'removed' });
  });

  test('nobody removes themselves', () => {
    spec.given([registered]).when({ type: 'RemoveUser', actorUserId: 'user-1', now: LATER }).thenThrows('invalid_state');
  });

  test('removing twice: the second is not found', () => {
    spec.given([invited, removed]).when({ type: 'RemoveUser', actorUserId: 'user-1', now: LATER }).thenThrows('not_found');
  });
});

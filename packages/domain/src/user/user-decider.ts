import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { User, UserCommand, UserEvent, UserState } from './user';

function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'RegisterUser':
      if (state !== null) throw new DomainError('conflict', `User ${state.id} already exists.`, { user_id: state.id });
      return [
        {
          type: 'UserRegistered',
          data: {
            user_id: command.userId,
            business_id: command.businessId,
            // Emails match case-insensitively (DESIGN §5), so only one spelling is ever recorded.
            email: command.email.toLowerCase(),
            password_hash: command.passwordHash,
            occurred_at,
          },
        },
      ];
    case 'InviteUser':
      if (state !== null) throw new DomainError('conflict', `User ${state.id} already exists.`, { user_id: state.id });
      return [
        {
          type: 'UserInvited',
          data: {
            user_id: command.userId,
            business_id: command.businessId,
            email: command.email.toLowerCase(),
            role: command.role,
            invited_by: command.invitedBy,
            invite_token_hash: command.inviteTokenHash,
            invite_expires_at: command.inviteExpiresAt.toISOString(),
            occurred_at,
          },
        },
      ];
    case 'AcceptInvite': {
      const invited = existing(state);
      // One message for every way a link fails: it tells the holder of a guessed token nothing.
      if (invited.status !== 'invited' || !linkHolds(invited.inviteTokenHash, invited.inviteExpiresAt, command.inviteTokenHash, command.now)) throw new DomainError('not_found', 'This invite link is unknown, used or expired.');
      return [{ type: 'UserInviteAccepted', data: { password_hash: command.passwordHash, name: command.name, occurred_at } }];
    }
    case 'RequestPasswordReset': {
      const user = existing(state);
      if (user.status !== 'active') throw new DomainError('not_found', 'User not found.');
      return [
        {
          type: 'UserPasswordResetRequested',
          data: { reset_token_hash: command.resetTokenHash, reset_expires_at: command.resetExpiresAt.toISOString(), occurred_at },
        },
      ];
    }
    case 'ResetPassword': {
      const user = existing(state);
      // One message for every way a link fails, as for invites.
      if (user.status !== 'active' || !linkHolds(user.resetTokenHash, user.resetExpiresAt, command.resetTokenHash, command.now)) throw new DomainError('not_found', 'This password reset link is unknown, used or expired.');
      return [{ type: 'UserPasswordReset', data: { password_hash: command.passwordHash, occurred_at } }];
    }
    case 'ChangePassword': {
      const user = existing(state);
      if (user.status !== 'active') throw new DomainError('not_found', 'User not found.');
      // Changed by another request since the caller's password was checked: the check no longer holds.
      if (user.passwordHash !== command.verifiedHash) throw new DomainError('conflict', 'The password changed meanwhile; log in again.');
      return [{ type: 'UserPasswordChanged', data: { password_hash: command.passwordHash, occurred_at } }];
    }
    case 'EndSession': {
      const user = existing(state);
      // Ended already, or run out: there is nothing left to end.
      if (user.endedSessions.some((ended) => ended.id === command.sessionId) || command.sessionExpiresAt.getTime() <= command.now.getTime()) return [];
      return [{ type: 'UserLoggedOut', data: { session_id: command.sessionId, session_expires_at: command.sessionExpiresAt.toISOString(), occurred_at } }];
    }
    case 'ChangeUserRole': {
      const user = notThemselves(existing(state), command.actorUserId, 'change their own role');
      if (user.role === command.role) return [];
      return [{ type: 'UserRoleChanged', data: { role: command.role, occurred_at } }];
    }
    case 'RemoveUser':
      notThemselves(existing(state), command.actorUserId, 'remove themselves');
      return [{ type: 'UserRemoved', data: { occurred_at } }];
    default:
      return assertNever(command);
  }
}

/** Whether an emailed link's token is the one recorded, and its time has not run out. */
function linkHolds(recordedHash: string | null, expiresAt: string | null, givenHash: string, now: Date): boolean {
  return recordedHash !== null && recordedHash === givenHash && expiresAt !== null && now.getTime() < Date.parse(expiresAt);
}

const NO_RESET = { resetTokenHash: null, resetExpiresAt: null, passwordChangedAt: null, endedSessions: [] } as const;

/** A removed user is gone for every command, as if never made. */
function existing(state: UserState): User {
  if (state === null || state.status === 'removed') throw new DomainError('not_found', 'User not found.');
  return state;
}

/** Only owners manage users, so an owner who may not act on themselves always leaves one owner behind. */
function notThemselves(user: User, actorUserId: string | null, what: string): User {
  if (user.id === actorUserId) throw new DomainError('invalid_state', `A user cannot ${what}; another owner can.`, { user_id: user.id });
  return user;
}

function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        id: event.data.user_id,
        businessId: event.data.business_id,
        email: event.data.email,
        passwordHash: event.data.password_hash,
        name: null,
        role: 'owner',
        status: 'active',
        inviteTokenHash: null,
        inviteExpiresAt: null,
        ...NO_RESET,
        createdAt: event.data.occurred_at,
      };
    case 'UserInvited':
      return {
        id: event.data.user_id,
        businessId: event.data.business_id,
        email: event.data.email,
        passwordHash: null,
        name: null,
        role: event.data.role,
        status: 'invited',
        inviteTokenHash: event.data.invite_token_hash,
        inviteExpiresAt: event.data.invite_expires_at,
        ...NO_RESET,
        createdAt: event.data.occurred_at,
      };
    case 'UserInviteAccepted':
      return state === null
        ? null
        : { ...state, passwordHash: event.data.password_hash, name: event.data.name, status: 'active', inviteTokenHash: null, inviteExpiresAt: null };
    case 'UserPasswordResetRequested':
      return state === null ? null : { ...state, resetTokenHash: event.data.reset_token_hash, resetExpiresAt: event.data.reset_expires_at };
    case 'UserPasswordReset':
    case 'UserPasswordChanged':
      return state === null ? null : { ...state, passwordHash: event.data.password_hash, resetTokenHash: null, resetExpiresAt: null, passwordChangedAt: event.data.occurred_at };
    case 'UserLoggedOut': {
      if (state === null) return null;
      // Only sessions whose tokens are still good are kept: the list stays as short as the logouts of an hour.
      const stillGood = state.endedSessions.filter((ended) => Date.parse(ended.expiresAt) > Date.parse(event.data.occurred_at));
      return { ...state, endedSessions: [...stillGood, { id: event.data.session_id, expiresAt: event.data.session_expires_at }] };
    }
    case 'UserRoleChanged':
      return state === null ? null : { ...state, role: event.data.role };
    case 'UserRemoved':
      return state === null ? null : { ...state, status: 'removed', inviteTokenHash: null, inviteExpiresAt: null, resetTokenHash: null, resetExpiresAt: null };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: () => null,
};

/** A dashboard user who logs in with email and password, with a role in one business. Stream `user-{id}`. */

/** What a user may do: staff serve customers, managers also run the programme, owners also the account. */
export type UserRole = 'owner' | 'manager' | 'staff';
export const USER_ROLES: readonly UserRole[] = ['owner', 'manager', 'staff'];

const RANK: Readonly<Record<UserRole, number>> = { staff: 0, manager: 1, owner: 2 };

/** Whether `role` may do what needs at least `least`: each role may do all that the ones below it may. */
export function roleAllows(role: UserRole, least: UserRole): boolean {
  return RANK[role] >= RANK[least];
}

/** `invited` until the invite is accepted; a `removed` user can no longer log in or use a token. */
export type UserStatus = 'invited' | 'active' | 'removed';

export type UserEvent =
  | {
      /** The business's founder, who registered it: its first owner. */
      type: 'UserRegistered';
      data: { user_id: string; business_id: string; email: string; password_hash: string; occurred_at: string };
    }
  | {
      type: 'UserInvited';
      data: {
        user_id: string;
        business_id: string;
        email: string;
        role: UserRole;
        invited_by: string;
        /** Only the hash of the invite link's token is recorded. */
        invite_token_hash: string;
        invite_expires_at: string;
        occurred_at: string;
      };
    }
  | { type: 'UserInviteAccepted'; data: { password_hash: string; name: string | null; occurred_at: string } }
  | {
      /** Only the hash of the reset link's token is recorded; a later request replaces an earlier one. */
      type: 'UserPasswordResetRequested';
      data: { reset_token_hash: string; reset_expires_at: string; occurred_at: string };
    }
  /** Tokens issued before it stop working (User.passwordChangedAt). */
  | { type: 'UserPasswordReset'; data: { password_hash: string; occurred_at: string } }
  /** By the user, who gave the password of before; tokens issued before it stop working, as after a reset. */
  | { type: 'UserPasswordChanged'; data: { password_hash: string; occurred_at: string } }
  /** One session (one access token) ended by its user before its time: that token is refused from then on. */
  | { type: 'UserLoggedOut'; data: { session_id: string; session_expires_at: string; occurred_at: string } }
  | { type: 'UserRoleChanged'; data: { role: UserRole; occurred_at: string } }
  | { type: 'UserRemoved'; data: { occurred_at: string } };

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      businessId: string;
      email: string;
      passwordHash: string;
      now: Date;
    }
  | {
      type: 'InviteUser';
      userId: string;
      businessId: string;
      email: string;
      role: UserRole;
      invitedBy: string;
      inviteTokenHash: string;
      inviteExpiresAt: Date;
      now: Date;
    }
  | { type: 'AcceptInvite'; inviteTokenHash: string; passwordHash: string; name: string | null; now: Date }
  | { type: 'RequestPasswordReset'; resetTokenHash: string; resetExpiresAt: Date; now: Date }
  | { type: 'ResetPassword'; resetTokenHash: string; passwordHash: string; now: Date }
  /** `verifiedHash`: the hash the caller's current password was checked against, which must still be the user's. */
  | { type: 'ChangePassword'; verifiedHash: string; passwordHash: string; now: Date }
  /** `sessionExpiresAt`: when the session's token runs out anyway; the user remembers it ended until then. */
  | { type: 'EndSession'; sessionId: string; sessionExpiresAt: Date; now: Date }
  /** `actorUserId`: who asks, so nobody changes or removes themselves and a business always keeps an owner. */
  | { type: 'ChangeUserRole'; role: UserRole; actorUserId: string | null; now: Date }
  | { type: 'RemoveUser'; actorUserId: string | null; now: Date };

export interface User {
  id: string;
  businessId: string;
  email: string;
  /** Null until an invited user accepts and sets one. */
  passwordHash: string | null;
  name: string | null;
  role: UserRole;
  status: UserStatus;
  /** The pending invite's token hash and expiry; null once accepted or removed. */
  inviteTokenHash: string | null;
  inviteExpiresAt: string | null;
  /** The pending password reset's token hash and expiry; null once used, or when none was asked for. */
  resetTokenHash: string | null;
  resetExpiresAt: string | null;
  /** When the password was last reset or changed: access tokens issued before then are refused. */
  passwordChangedAt: string | null;
  /** Sessions logged out of whose tokens have not yet run out: refused until then. */
  endedSessions: readonly EndedSession[];
  createdAt: string;
}

export interface EndedSession {
  id: string;
  expiresAt: string;
}

export type UserState = User | null;

/** How user events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { occurredAt, onlyOccurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { USER_ROLES, type UserEvent } from './user';

const role = z.enum(USER_ROLES);

export const userEvents: EventRegistry<UserEvent> = {
  UserRegistered: {
    version: 1,
    schema: z.object({ user_id: z.string(), business_id: z.string(), email: z.string(), password_hash: z.string(), occurred_at: occurredAt }),
  },
  UserInvited: {
    version: 1,
    schema: z.object({
      user_id: z.string(),
      business_id: z.string(),
      email: z.string(),
      role,
      invited_by: z.string(),
      invite_token_hash: z.string(),
      invite_expires_at: occurredAt,
      occurred_at: occurredAt,
    }),
  },
  UserInviteAccepted: { version: 1, schema: z.object({ password_hash: z.string(), name: z.string().nullable(), occurred_at: occurredAt }) },
  UserPasswordResetRequested: {
    version: 1,
    schema: z.object({ reset_token_hash: z.string(), reset_expires_at: occurredAt, occurred_at: occurredAt }),
  },
  UserPasswordReset: { version: 1, schema: z.object({ password_hash: z.string(), occurred_at: occurredAt }) },
  UserPasswordChanged: { version: 1, schema: z.object({ password_hash: z.string(), occurred_at: occurredAt }) },
  UserLoggedOut: { version: 1, schema: z.object({ session_id: z.string(), session_expires_at: occurredAt, occurred_at: occurredAt }) },
  UserRoleChanged: { version: 1, schema: z.object({ role, occurred_at: occurredAt }) },
  UserRemoved: { version: 1, schema: onlyOccurredAt },
};

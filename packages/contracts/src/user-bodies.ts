/** Bodies of the users endpoints (issue 38): invites, accepting one, and roles. */
import { USER_ROLES } from '@passes/domain';
import { z } from 'zod';
import { password } from './account-bodies';
import { email, name } from './field-limits';

const role = z.enum(USER_ROLES);

export const inviteUserBody = z.strictObject({ email, role });

export const changeUserBody = z.strictObject({ role });

export const acceptInviteBody = z.strictObject({
  /** The token of the emailed invite link. */
  token: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  password,
  name: name.optional(),
});

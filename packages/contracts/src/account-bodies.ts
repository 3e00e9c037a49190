/** Bodies of the dashboard endpoints: accounts and API keys. */
import { z } from 'zod';
import { email, name } from './field-limits';

/** A dashboard password: what registering, accepting an invite and resetting a password ask for. */
export const password = z.string().min(10, 'must be at least 10 characters').max(200, 'must be at most 200 characters');

export const registerBody = z.strictObject({
  business_name: name,
  email,
  password,
});

export const loginBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(200),
});

/** `POST /auth/password-reset`: the address of the account whose password is forgotten. */
export const passwordResetRequestBody = z.strictObject({ email });

/** `POST /auth/password-reset/complete`: the emailed link's token and the new password. */
export const passwordResetBody = z.strictObject({
  token: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  password,
});

/** `POST /auth/password`: the signed-in user's password of now, and the new one. */
export const changePasswordBody = z.strictObject({
  current_password: z.string().max(200),
  new_password: password,
});

export const createApiKeyBody = z.strictObject({
  name,
  mode: z.enum(['live', 'test']).default('live'),
  /** `["read"]` makes a read-only key; the default is full access. */
  scopes: z
    .array(z.enum(['read', 'write']))
    .min(1, 'must hold at least one scope')
    .max(2)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope')
    .default(['read', 'write']),
});

/** What the dashboard endpoints answer: businesses, users, logins and API keys. Secrets appear once, where noted. */
import { LIMITED_RESOURCES, PLANS, PRO_FEATURES, USER_ROLES } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

const plan = z.enum(PLANS);

export const businessResponse = z.strictObject({ id: z.string(), name: z.string(), plan, created_at: instant });
export type BusinessResponse = z.infer<typeof businessResponse>;

const byResource = <Value extends z.ZodType>(value: Value) => z.strictObject(Object.fromEntries(LIMITED_RESOURCES.map((resource) => [resource, value])) as Record<(typeof LIMITED_RESOURCES)[number], Value>);

export const planStatusResponse = z.strictObject({
  /** `null` is unlimited. */
  limits: byResource(z.int().nullable()),
  usage: byResource(z.int()),
  features: z.strictObject(Object.fromEntries(PRO_FEATURES.map((feature) => [feature, z.boolean()])) as Record<(typeof PRO_FEATURES)[number], z.ZodBoolean>),
});
export type PlanStatusResponse = z.infer<typeof planStatusResponse>;

export const userResponse = z.strictObject({
  id: z.string(),
  email: z.string(),
  business_id: z.string(),
  /** Null until the user gives one (accepting an invite). */
  name: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** `invited` until the invite is accepted; a removed user is listed nowhere. */
  status: z.enum(['invited', 'active', 'removed']),
  created_at: instant,
});
export type UserResponse = z.infer<typeof userResponse>;

export const ownBusinessResponse = z.strictObject({
  ...businessResponse.shape,
  ...planStatusResponse.shape,
  /** What the caller may do (docs/api.md, Users and roles): a user's role; an API key acts as `owner`. */
  role: z.enum(USER_ROLES),
  /** The dashboard user asking; null for an API key. */
  user: userResponse.nullable(),
});
export type OwnBusinessResponse = z.infer<typeof ownBusinessResponse>;

/** `access_token` is shown once: a replay under the same Idempotency-Key leaves it out. */
const accessToken = {
  access_token: z.string().optional(),
  token_type: z.literal('Bearer'),
  /** Seconds the token is valid for. */
  expires_in: z.int(),
};

export const registrationResponse = z.strictObject({ business: businessResponse, user: userResponse, ...accessToken });
export type RegistrationResponse = z.infer<typeof registrationResponse>;

export const loginResponse = z.strictObject({ ...accessToken, business_id: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** Whether or not an account has the address: the answer tells nothing. */
export const passwordResetRequestResponse = z.strictObject({ sent: z.literal(true) });
export type PasswordResetRequestResponse = z.infer<typeof passwordResetRequestResponse>;

export const apiKeyResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['live', 'test']),
  scopes: z.array(z.enum(['read', 'write'])),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: instant,
  revoked_at: instant.nullable(),
});
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;

/** `key` is the secret, shown in this answer only (a replay under the same Idempotency-Key leaves it out). */
export const createdApiKeyResponse = z.strictObject({ ...apiKeyResponse.shape, key: z.string().optional() });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponse>;

export const apiKeyListResponse = z.strictObject({ data: z.array(apiKeyResponse) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>;

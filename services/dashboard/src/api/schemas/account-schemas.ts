/** Answers of the account endpoints, as docs/api.md describes them. Unknown fields are let through. */
import * as z from 'zod/mini';

/** `access_token` is shown once: a replayed answer (same Idempotency-Key) comes without it. */
export const registrationAnswer = z.object({
  business: z.object({ id: z.string(), name: z.string() }),
  access_token: z.optional(z.string()),
  expires_in: z.number(),
});

export const loginAnswer = z.object({
  business_id: z.string(),
  access_token: z.optional(z.string()),
  expires_in: z.number(),
});

const counted = z.object({ templates: z.nullable(z.number()), passes: z.nullable(z.number()), webhooks: z.nullable(z.number()) });

export const businessAnswer = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.enum(['free', 'pro']),
  created_at: z.string(),
  limits: counted,
  usage: z.object({ templates: z.number(), passes: z.number(), webhooks: z.number() }),
  features: z.record(z.string(), z.boolean()),
});
export type Business = z.infer<typeof businessAnswer>;

export const apiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['live', 'test']),
  scopes: z.array(z.enum(['read', 'write'])),
  prefix: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  revoked_at: z.nullable(z.string()),
  /** Only in the answer to creation, and not in a replay of it. */
  key: z.optional(z.string()),
});
export type ApiKey = z.infer<typeof apiKeyAnswer>;

export const apiKeyList = z.object({ data: z.array(apiKeyAnswer) });

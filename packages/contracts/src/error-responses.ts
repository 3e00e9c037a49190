/** The standard error body every refusal answers with, and the spec's flat body for a plan's refusal (402). */
import { REFUSED_FEATURES } from '@passes/domain';
import { z } from 'zod';

export const errorDetail = z.strictObject({ path: z.string(), message: z.string() });

export const errorResponse = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string(),
    status: z.int(),
    /** Present on `validation_error`: one entry per problem. */
    details: z.array(errorDetail).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const planRefusalResponse = z.strictObject({
  error: z.literal('pro_feature'),
  /** The refused feature (`api_access`, `bulk_operations`, …) or the limit reached (`templates`, `passes`, `webhooks`, `reward_milestones`). */
  feature: z.enum(REFUSED_FEATURES),
  plan: z.enum(['free', 'pro']),
  message: z.string(),
});

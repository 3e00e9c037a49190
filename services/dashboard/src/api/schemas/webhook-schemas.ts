/** Webhooks and their deliveries as the API answers them. */
import * as z from 'zod/mini';

export const webhookAnswer = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.nullable(z.string()),
  status: z.enum(['active', 'disabled']),
  created_at: z.string(),
  disabled_at: z.nullable(z.string()),
  disabled_reason: z.nullable(z.string()),
  /** Only in the answer to creation, and not in a replay of it. */
  secret: z.optional(z.string()),
});
export type Webhook = z.infer<typeof webhookAnswer>;
export const webhookList = z.object({ data: z.array(webhookAnswer) });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;

export const deliveryAnswer = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  last_response_code: z.nullable(z.number()),
  last_error: z.nullable(z.string()),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type Delivery = z.infer<typeof deliveryAnswer>;
export const deliveryList = z.object({ data: z.array(deliveryAnswer) });

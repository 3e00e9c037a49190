/** How webhooks and their deliveries answer. The secret appears only in the 201 of registration. */
import { WEBHOOK_EVENT_NAMES } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

export const webhookResponse = z.strictObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_NAMES)),
  description: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  created_at: instant,
  disabled_at: instant.nullable(),
  disabled_reason: z.enum(['endpoint_gone']).nullable(),
});
export type WebhookResponse = z.infer<typeof webhookResponse>;

/** `secret` (`whsec_…`) is shown in this answer only (a replay under the same Idempotency-Key leaves it out). */
export const registeredWebhookResponse = z.strictObject({ ...webhookResponse.shape, secret: z.string().optional() });
export type RegisteredWebhookResponse = z.infer<typeof registeredWebhookResponse>;

export const webhookListResponse = z.strictObject({ data: z.array(webhookResponse) });
export type WebhookListResponse = z.infer<typeof webhookListResponse>;

export const deliveryResponse = z.strictObject({
  /** The event id the receiver got (`webhook-id`). */
  id: z.string(),
  webhook_id: z.string(),
  event: z.enum(WEBHOOK_EVENT_NAMES),
  status: z.enum(['pending', 'delivered', 'failed', 'cancelled']),
  attempts: z.int().min(0),
  last_response_code: z.int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: instant.nullable(),
  next_attempt_at: instant.nullable(),
  created_at: instant,
});
export type DeliveryResponse = z.infer<typeof deliveryResponse>;

export const deliveryListResponse = z.strictObject({ data: z.array(deliveryResponse) });
export type DeliveryListResponse = z.infer<typeof deliveryListResponse>;

/** How webhook events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { occurredAt, onlyOccurredAt } from '../events/event-fields';
import { eventTypesOf, type EventRegistry } from '../events/event-registry';
import { WEBHOOK_EVENT_NAMES, type WebhookEvent } from './webhook';

export const webhookEvents: EventRegistry<WebhookEvent> = {
  WebhookRegistered: {
    version: 1,
    schema: z.object({
      webhook_id: z.string(),
      business_id: z.string(),
      url: z.string(),
      events: z.array(z.enum(WEBHOOK_EVENT_NAMES)),
      description: z.string().nullable(),
      secret_ciphertext: z.string(),
      occurred_at: occurredAt,
    }),
  },
  WebhookDeleted: { version: 1, schema: onlyOccurredAt },
  WebhookDisabled: {
    version: 1,
    schema: z.object({ reason: z.enum(['endpoint_gone']), status_code: z.number().int(), occurred_at: occurredAt }),
  },
};

export const WEBHOOK_EVENT_TYPES = eventTypesOf(webhookEvents);

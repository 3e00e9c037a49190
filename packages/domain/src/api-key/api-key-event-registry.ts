/** How API key events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { mode, occurredAt, onlyOccurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { API_KEY_SCOPES, type ApiKeyEvent } from './api-key';

export const apiKeyEvents: EventRegistry<ApiKeyEvent> = {
  ApiKeyCreated: {
    version: 1,
    schema: z.object({
      key_id: z.string(),
      business_id: z.string(),
      name: z.string(),
      mode,
      scopes: z.array(z.enum(API_KEY_SCOPES)),
      key_hash: z.string(),
      prefix: z.string(),
      occurred_at: occurredAt,
    }),
  },
  ApiKeyRevoked: { version: 1, schema: onlyOccurredAt },
};

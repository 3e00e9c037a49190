/** How user events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { occurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import type { UserEvent } from './user';

export const userEvents: EventRegistry<UserEvent> = {
  UserRegistered: {
    version: 1,
    schema: z.object({ user_id: z.string(), business_id: z.string(), email: z.string(), password_hash: z.string(), occurred_at: occurredAt }),
  },
};

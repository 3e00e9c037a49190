/** How business events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { occurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { PLANS } from '../plan/plan';
import type { BusinessEvent } from './business';

const plan = z.enum(PLANS);

export const businessEvents: EventRegistry<BusinessEvent> = {
  BusinessRegistered: {
    version: 1,
    schema: z.object({ business_id: z.string(), name: z.string(), owner_user_id: z.string(), plan, occurred_at: occurredAt }),
  },
  BusinessPlanChanged: { version: 1, schema: z.object({ plan, previous_plan: plan, occurred_at: occurredAt }) },
};

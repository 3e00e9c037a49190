/** How milestone events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { count, mode, occurredAt, onlyOccurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { MILESTONE_METRICS, type MilestoneEvent } from './milestone';

const terms = z.object({
  name: z.string(),
  threshold: count,
  reward: z.object({ title: z.string(), description: z.string().nullable() }),
  reward_expires_after_days: count.nullable(),
});

export const milestoneEvents: EventRegistry<MilestoneEvent> = {
  MilestoneCreated: {
    version: 1,
    schema: terms.extend({
      milestone_id: z.string(),
      business_id: z.string(),
      mode,
      template_id: z.string(),
      metric: z.enum(MILESTONE_METRICS),
      occurred_at: occurredAt,
    }),
  },
  MilestoneUpdated: { version: 1, schema: z.object({ changes: terms.partial(), occurred_at: occurredAt }) },
  MilestoneArchived: { version: 1, schema: onlyOccurredAt },
};

/** How automation events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { mode, occurredAt, onlyOccurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import type { AutomationEvent } from './automation';
import { automationActions, automationTrigger } from './automation-terms';

const terms = z.object({
  name: z.string(),
  template_id: z.string().nullable(),
  trigger: automationTrigger,
  actions: automationActions,
  enabled: z.boolean(),
});

export const automationEvents: EventRegistry<AutomationEvent> = {
  AutomationCreated: { version: 1, schema: terms.extend({ automation_id: z.string(), business_id: z.string(), mode, occurred_at: occurredAt }) },
  AutomationUpdated: { version: 1, schema: z.object({ changes: terms.partial(), occurred_at: occurredAt }) },
  AutomationDeleted: { version: 1, schema: onlyOccurredAt },
};

/** How automations, their runs and a dry run answer (PROGRAMME §3). */
import { ACTION_TYPES, automationAction, automationTrigger } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

export const automationResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  template_id: z.string().nullable(),
  trigger: automationTrigger,
  actions: z.array(automationAction),
  enabled: z.boolean(),
  created_at: instant,
  updated_at: instant,
  stats: z.strictObject({ runs: z.int().min(0), last_run_at: instant.nullable() }),
});
export type AutomationResponse = z.infer<typeof automationResponse>;

const actionOutcome = z.strictObject({ type: z.enum(ACTION_TYPES), status: z.enum(['done', 'skipped', 'failed']), detail: z.string().nullable() });

export const automationRunResponse = z.strictObject({ pass_id: z.string(), occurrence: z.string(), fired_at: instant, actions: z.array(actionOutcome) });
export type AutomationRunResponse = z.infer<typeof automationRunResponse>;

export const automationTestResponse = z.strictObject({ would_fire: z.boolean(), reason: z.string(), actions: z.array(actionOutcome) });
export type AutomationTestResponse = z.infer<typeof automationTestResponse>;

const page = <Item extends z.ZodType>(item: Item) => z.strictObject({ data: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() });

export const automationListResponse = page(automationResponse);
export type AutomationListResponse = z.infer<typeof automationListResponse>;
export const automationRunListResponse = page(automationRunResponse);
export type AutomationRunListResponse = z.infer<typeof automationRunListResponse>;

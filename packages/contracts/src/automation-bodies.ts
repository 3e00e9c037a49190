/**
 * Bodies of the automation endpoints (PROGRAMME §3). The trigger and the actions are checked with the
 * domain's own schemas (automation-terms.ts), which the decider checks again and refuses the same way.
 */
import { automationActions, automationTrigger } from '@passes/domain';
import { z } from 'zod';
import { name } from './field-limits';

const templateId = z.string().min(1, 'must not be empty').nullish();

export const createAutomationBody = z.strictObject({
  name,
  template_id: templateId,
  trigger: automationTrigger,
  actions: automationActions,
  enabled: z.boolean().optional(),
});
export type CreateAutomationBody = z.infer<typeof createAutomationBody>;

export const updateAutomationBody = z.strictObject({
  name: name.optional(),
  template_id: templateId,
  trigger: automationTrigger.optional(),
  actions: automationActions.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateAutomationBody = z.infer<typeof updateAutomationBody>;

/** The pass to try the rule on: any identifier a pass answers to. */
export const testAutomationBody = z.strictObject({ pass: z.string().min(1, 'must not be empty') });

/** What automation commands record, or why they are refused; how the records make an automation. */
import { MAX_AUTOMATIONS, automationActions, automationTrigger } from './automation-terms';
import { requireFeature } from '../plan/plan';
import { changedFields } from '../shared/changed-fields';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { invalidField } from '../shared/invalid-field';
import { requireName } from '../shared/require-name';
import type { z } from 'zod';
import type { Automation, AutomationCommand, AutomationDraft, AutomationEvent, AutomationState, AutomationTermsData, AutomationUpdate } from './automation';

function decideAutomation(command: AutomationCommand, state: AutomationState): AutomationEvent[] {
  const occurred_at = command.now.toISOString();
  if (command.type === 'CreateAutomation') {
    if (state !== null) throw new DomainError('conflict', `Automation ${state.id} already exists.`, { automation_id: state.id });
    const { automationId, businessId, mode, draft, allowance } = command;
    requireFeature(allowance.plan, 'automations');
    if (allowance.existing >= MAX_AUTOMATIONS) throw invalidField('automations', `must be at most ${MAX_AUTOMATIONS} a business; this business has ${allowance.existing}`);
    return [{ type: 'AutomationCreated', data: { automation_id: automationId, business_id: businessId, mode, ...draftTerms(draft), occurred_at } }];
  }
  if (state === null) throw new DomainError('not_found', 'Automation not found.');
  switch (command.type) {
    case 'UpdateAutomation': {
      const changes = changedFields(termsData(state), updateTerms(command.update));
      // Enabling is what Free may not do; changing or pausing a rule it keeps is allowed.
      if (changes.enabled === true) requireFeature(command.plan, 'automations');
      // An update that changes nothing is no fact.
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'AutomationUpdated', data: { changes, occurred_at } }];
    }
    case 'DeleteAutomation':
      return [{ type: 'AutomationDeleted', data: { occurred_at } }];
    default:
      return assertNever(command);
  }
}

function draftTerms(draft: AutomationDraft): AutomationTermsData {
  return {
    name: requireName(draft.name),
    template_id: draft.templateId,
    trigger: checked('trigger', automationTrigger, draft.trigger),
    actions: checked('actions', automationActions, draft.actions),
    enabled: draft.enabled,
  };
}

function updateTerms(update: AutomationUpdate): Partial<AutomationTermsData> {
  return {
    ...(update.name !== undefined && { name: requireName(update.name) }),
    ...(update.templateId !== undefined && { template_id: update.templateId }),
    ...(update.trigger !== undefined && { trigger: checked('trigger', automationTrigger, update.trigger) }),
    ...(update.actions !== undefined && { actions: checked('actions', automationActions, update.actions) }),
    ...(update.enabled !== undefined && { enabled: update.enabled }),
  };
}

/** Checks a term against its schema, refusing it as a validation_error naming the path of each problem. */
function checked<Schema extends z.ZodType>(field: string, schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: [field, ...issue.path].join('.'), message: issue.message }));
  throw new DomainError('validation_error', `${issues[0]?.path ?? field} ${issues[0]?.message ?? 'is invalid'}.`, { issues });
}

function evolveAutomation(state: AutomationState, event: AutomationEvent): AutomationState {
  switch (event.type) {
    case 'AutomationCreated': {
      const { data } = event;
      return { id: data.automation_id, businessId: data.business_id, mode: data.mode, ...termsOf(data), createdAt: data.occurred_at, updatedAt: data.occurred_at };
    }
    case 'AutomationUpdated':
      if (state === null) return null;
      return { ...state, ...termsOf({ ...termsData(state), ...event.data.changes }), updatedAt: event.data.occurred_at };
    case 'AutomationDeleted':
      return null;
    default:
      return assertNever(event);
  }
}

type Terms = Pick<Automation, 'name' | 'templateId' | 'trigger' | 'actions' | 'enabled'>;

function termsOf(data: AutomationTermsData): Terms {
  return { name: data.name, templateId: data.template_id, trigger: data.trigger, actions: data.actions, enabled: data.enabled };
}

function termsData(terms: Terms): AutomationTermsData {
  return { name: terms.name, template_id: terms.templateId, trigger: terms.trigger, actions: [...terms.actions], enabled: terms.enabled };
}

export const automationDecider: Decider<AutomationCommand, AutomationEvent, AutomationState> = {
  decide: decideAutomation,
  evolve: evolveAutomation,
  initialState: () => null,
};

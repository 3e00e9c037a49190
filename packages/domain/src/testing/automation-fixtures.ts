/** An enabled automation of the pass fixtures' business, for the trigger and sweep specs. */
import type { Automation } from '../automation/automation';
import type { AutomationTrigger } from '../automation/automation-terms';
import { ISSUE_DATA, ISSUED_AT } from './pass-fixtures';

export function automationWith(trigger: AutomationTrigger, overrides: Partial<Automation> = {}): Automation {
  return {
    id: 'automation-1',
    businessId: ISSUE_DATA.businessId,
    mode: 'live',
    name: 'Rule',
    templateId: null,
    trigger,
    actions: [{ type: 'add_points', points: 10 }],
    enabled: true,
    createdAt: ISSUED_AT,
    updatedAt: ISSUED_AT,
    ...overrides,
  };
}

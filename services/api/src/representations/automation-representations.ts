/** How automations, their runs and a dry run look on the wire (PROGRAMME §3). */
import type { AutomationView } from '@passes/application';
import type { AutomationResponse, AutomationRunResponse, AutomationTestResponse } from '@passes/contracts';
import type { AutomationActionOutcome, DryRun } from '@passes/domain';
import type { AutomationRunRecord } from '@passes/read-model';

export function automationRepresentation({ automation, stats }: AutomationView): AutomationResponse {
  return {
    id: automation.id,
    name: automation.name,
    template_id: automation.templateId,
    trigger: automation.trigger,
    actions: [...automation.actions],
    enabled: automation.enabled,
    created_at: automation.createdAt,
    updated_at: automation.updatedAt,
    stats: { runs: stats.runs, last_run_at: stats.lastRunAt },
  };
}

export function automationRunRepresentation(run: AutomationRunRecord): AutomationRunResponse {
  return { pass_id: run.passId, occurrence: run.occurrence, fired_at: run.firedAt, actions: run.actions };
}

export function automationTestRepresentation(test: DryRun): AutomationTestResponse {
  return { would_fire: test.wouldFire, reason: test.reason, actions: test.actions.map(outcomeRepresentation) };
}

function outcomeRepresentation({ action, status, detail }: AutomationActionOutcome): AutomationTestResponse['actions'][number] {
  return { type: action.type, status, detail };
}

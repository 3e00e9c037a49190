/**
 * `POST /automations/{id}/test` (PROGRAMME §3): whether the rule would fire for a pass as it stands, why,
 * and what each action would come to, decided by the same rules as a run and changing nothing.
 */
import { hasFeature, type Plan } from '../plan/plan';
import { automationRunKey } from '../pass/automation-run-key';
import type { AutomationActionOutcome } from '../pass/pass-events';
import { passDecider } from '../pass/pass-decider';
import type { Pass } from '../pass/pass-state';
import { formatMinorUnits } from '../shared/money';
import type { Automation } from './automation';
import { timedOccurrence } from './automation-sweep';

export interface DryRun {
  wouldFire: boolean;
  reason: string;
  actions: AutomationActionOutcome[];
}

const DRY_RUN_OCCURRENCE = 'test';

/** `currency` is that of the pass's template, to word a balance threshold as money. */
export function dryRun(automation: Automation, pass: Pass, plan: Plan, googleWallet: boolean, now: Date, currency: string | null): DryRun {
  const events = passDecider.decide(
    { type: 'RunAutomation', run: { automationId: automation.id, occurrence: DRY_RUN_OCCURRENCE, depth: 1, actions: automation.actions, skipped: hasFeature(plan, 'automations') ? null : 'plan', googleWallet }, milestones: [], now },
    { ...pass, automationRuns: [], messageSources: [] },
  );
  const ran = events.find((event) => event.type === 'AutomationRan');
  const actions = ran?.type === 'AutomationRan' ? ran.data.actions : [];
  const refusal = refusalOf(automation, pass, plan, now, currency);
  return { wouldFire: refusal === null, reason: refusal ?? firingReason(automation, currency), actions };
}

/** Why the rule would not fire for the pass now, or null when it would. */
function refusalOf(automation: Automation, pass: Pass, plan: Plan, now: Date, currency: string | null): string | null {
  if (!hasFeature(plan, 'automations')) return 'Automations are a Pro feature; this business is on the free plan.';
  if (!automation.enabled) return 'The automation is paused.';
  if (automation.mode !== pass.mode) return 'The pass is of the other mode (sandbox or live).';
  if (automation.templateId !== null && automation.templateId !== pass.templateId) return 'The pass is of another template.';
  const { trigger } = automation;
  const ran = (occurrence: string) => pass.automationRuns.includes(automationRunKey(automation.id, occurrence));
  switch (trigger.type) {
    case 'pass_issued':
      return ran('issued') ? 'It already ran for this pass when it was issued.' : null;
    case 'pass_installed':
      return ran('installed') ? 'It already ran for this pass when it was added to a wallet.' : null;
    case 'stamps_reached':
      return pass.stamps >= trigger.value ? `The pass already has ${pass.stamps} stamps; it fires when stamps rise from below ${trigger.value}.` : null;
    case 'points_reached':
      return pass.points >= trigger.value ? `The pass already has ${pass.points} points; it fires when points rise from below ${trigger.value}.` : null;
    case 'balance_below':
      if (pass.balanceMinor === null) return 'The pass has no balance.';
      return pass.balanceMinor < trigger.value ? `The balance is already below ${formatMinorUnits(trigger.value, currency)}; it fires when a charge takes it below.` : null;
    case 'reward_earned':
      return null;
    case 'inactive':
    case 'birthday': {
      const occurrence = timedOccurrence(automation, pass, now);
      if (occurrence === null) return trigger.type === 'inactive' ? `The pass has had activity in the last ${trigger.days} days.` : 'It is not the pass\'s birthday today (metadata.birthday).';
      return ran(occurrence) ? 'It already ran for this occurrence.' : null;
    }
  }
}

function firingReason({ trigger }: Automation, currency: string | null): string {
  switch (trigger.type) {
    case 'pass_issued':
      return 'It fires once per pass, when the pass is issued.';
    case 'pass_installed':
      return 'It fires once per pass, when the pass is first added to a wallet.';
    case 'stamps_reached':
      return `It fires when the pass's stamps reach ${trigger.value}.`;
    case 'points_reached':
      return `It fires when the pass's points reach ${trigger.value}.`;
    case 'balance_below':
      return `It fires when a charge takes the balance below ${formatMinorUnits(trigger.value, currency)}.`;
    case 'reward_earned':
      return 'It fires when the pass earns a reward.';
    case 'inactive':
      return `The pass has been quiet for ${trigger.days} days or more.`;
    case 'birthday':
      return "It is the pass's birthday today.";
  }
}

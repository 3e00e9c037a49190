/**
 * An automation (PROGRAMME §3): a rule of a business that acts on its passes by itself: when its trigger
 * happens to a pass (of its template, when it names one), its actions are carried out on that pass, once
 * per occurrence. Stream `automation-{id}`: a rule is created, changed and deleted on its own; what it
 * does to a pass is recorded on the pass's stream (pass/run-automation.ts), never here.
 */
import type { Plan } from '../plan/plan';
import type { Mode } from '../shared/mode';
import type { AutomationAction, AutomationTrigger } from './automation-terms';

/** What a caller gives to create an automation, before the domain checks it. */
export interface AutomationDraft {
  name: string;
  templateId: string | null;
  trigger: unknown;
  actions: unknown;
  enabled: boolean;
}

/** A PATCH: only the fields present change. */
export type AutomationUpdate = Partial<AutomationDraft>;

/** An automation's terms as events record them (snake_case, like every payload). */
export interface AutomationTermsData {
  name: string;
  template_id: string | null;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  enabled: boolean;
}

export type AutomationEvent =
  | { type: 'AutomationCreated'; data: { automation_id: string; business_id: string; mode: Mode; occurred_at: string } & AutomationTermsData }
  /** `changes` holds each changed term with its whole new value. */
  | { type: 'AutomationUpdated'; data: { changes: Partial<AutomationTermsData>; occurred_at: string } }
  | { type: 'AutomationDeleted'; data: { occurred_at: string } };

/**
 * What creating or enabling needs from outside the automation: the business's plan, and (to create) how
 * many automations the business has in the mode, which the application counts.
 */
export interface AutomationAllowance {
  plan: Plan;
  existing: number;
}

export type AutomationCommand =
  | { type: 'CreateAutomation'; automationId: string; businessId: string; mode: Mode; draft: AutomationDraft; allowance: AutomationAllowance; now: Date }
  | { type: 'UpdateAutomation'; update: AutomationUpdate; plan: Plan; now: Date }
  | { type: 'DeleteAutomation'; now: Date };

export interface Automation {
  id: string;
  businessId: string;
  mode: Mode;
  name: string;
  /** Null: the passes of every template of the business. */
  templateId: string | null;
  trigger: AutomationTrigger;
  actions: readonly AutomationAction[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Null before it is created and once it is deleted. */
export type AutomationState = Automation | null;

/**
 * When an automation fires (PROGRAMME §3), as pure rules over what the event feed says happened to a pass.
 * Each firing names its occurrence, the thing that happens once per pass: the pass for `pass_issued` and
 * `pass_installed`, the event that crossed a threshold (crossings, not levels: a pass that stays above a
 * value fires nothing more), the reward for `reward_earned`, the year for `birthday` and the start of the
 * quiet spell for `inactive`. The timed triggers (`inactive`, `birthday`) come from the sweep
 * (automation-sweep.ts), not from events.
 */
import type { PassEvent } from '../pass/pass-events';
import type { Pass } from '../pass/pass-state';
import type { Automation } from './automation';

/** Chains of automations stop here: the changes a run at this depth makes trigger no automation. */
export const MAX_CHAIN_DEPTH = 3;

const MINUTE_MS = 60_000;

/** One automation to run on one pass for one occurrence, once it is due. */
export interface Firing {
  automationId: string;
  passId: string;
  occurrence: string;
  depth: number;
  dueAt: Date;
}

/** An event of a pass's stream, with the pass just before and just after it. */
export interface PassFact {
  eventId: string;
  event: PassEvent;
  before: Pass | null;
  after: Pass;
  /** The automation whose run made the event, and that run's depth; null when the holder or staff did. */
  madeBy: { automationId: string; depth: number } | null;
}

/** Whether an automation applies to a pass at all: enabled, of its business and mode, of its template when it names one. */
export function appliesTo(automation: Automation, pass: Pass): boolean {
  return (
    automation.enabled &&
    automation.businessId === pass.businessId &&
    automation.mode === pass.mode &&
    (automation.templateId === null || automation.templateId === pass.templateId)
  );
}

/** The firings an event on a pass causes among the business's automations. */
export function firingsOf(fact: PassFact, automations: readonly Automation[]): Firing[] {
  const depth = (fact.madeBy?.depth ?? 0) + 1;
  if (depth > MAX_CHAIN_DEPTH) return [];
  return automations.flatMap((automation) => {
    // An automation's own actions never trigger it again.
    if (fact.madeBy?.automationId === automation.id || !appliesTo(automation, fact.after)) return [];
    // A rule acts on what happens after it is made: a feed followed again from its start fires no rule on the past.
    if (fact.event.data.occurred_at < automation.createdAt) return [];
    const fired = occurrenceOf(automation, fact);
    if (fired === null) return [];
    return [{ automationId: automation.id, passId: fact.after.id, occurrence: fired.occurrence, depth, dueAt: fired.dueAt }];
  });
}

function occurrenceOf(automation: Automation, { eventId, event, before, after }: PassFact): { occurrence: string; dueAt: Date } | null {
  const at = new Date(event.data.occurred_at);
  const now = { occurrence: `event:${eventId}`, dueAt: at };
  const { trigger } = automation;
  switch (trigger.type) {
    case 'pass_issued':
      return event.type === 'PassIssued' ? { occurrence: 'issued', dueAt: later(at, trigger.delay_minutes) } : null;
    case 'pass_installed':
      // The first wallet it was added to: adding it to a second device is no new occurrence.
      return event.type === 'PassInstalled' ? { occurrence: 'installed', dueAt: later(at, trigger.delay_minutes) } : null;
    case 'stamps_reached':
      return before !== null && before.stamps < trigger.value && after.stamps >= trigger.value ? now : null;
    case 'points_reached':
      return before !== null && before.points < trigger.value && after.points >= trigger.value ? now : null;
    case 'reward_earned':
      if (event.type !== 'RewardEarned') return null;
      if (trigger.milestone_id !== null && trigger.milestone_id !== event.data.milestone_id) return null;
      return { occurrence: `reward:${event.data.reward_id}`, dueAt: at };
    case 'balance_below':
      if (event.type !== 'BalanceCharged' || before?.balanceMinor == null || after.balanceMinor === null) return null;
      return before.balanceMinor >= trigger.value && after.balanceMinor < trigger.value ? now : null;
    case 'inactive':
    case 'birthday':
      return null;
  }
}

function later(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * MINUTE_MS);
}

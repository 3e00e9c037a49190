/**
 * An automation's run on a pass (PROGRAMME §3): its actions carried out as the pass's own commands would
 * be, and the run itself recorded with its occurrence, all in one decision and so in one append. The pass
 * remembers every occurrence it ran, so a second run of the same occurrence (a repeated delivery of the
 * work, a replayed feed, a second runner) decides nothing: exactly once is the pass stream's to keep.
 * An action the pass refuses (points on a voided pass) fails on its own; the others still happen.
 */
import type { AutomationAction } from '../automation/automation-terms';
import { DomainError } from '../shared/domain-error';
import { addStamps } from './add-stamps';
import { automationRunKey } from './automation-run-key';
import { adjustPoints } from './adjust-points';
import { evolvePass } from './evolve-pass';
import type { AutomationRun, PassCommandOf } from './pass-commands';
import { sendMessage } from './send-message';
import type { AutomationActionOutcome, PassEvent } from './pass-events';
import { assertCanMove } from './pass-moves';
import type { Pass } from './pass-state';

export function runAutomation({ run, now }: PassCommandOf<'RunAutomation'>, pass: Pass): PassEvent[] {
  if (pass.automationRuns.includes(automationRunKey(run.automationId, run.occurrence))) return [];
  const effects: PassEvent[] = [];
  const outcomes: AutomationActionOutcome[] = [];
  let current = pass;
  for (const action of run.actions) {
    if (run.skipped !== null) {
      outcomes.push({ action, status: 'skipped', detail: run.skipped });
      continue;
    }
    const skipped = skipReason(action, current);
    if (skipped !== null) {
      outcomes.push({ action, status: 'skipped', detail: skipped });
      continue;
    }
    try {
      const events = actionEvents(action, current, run, now);
      effects.push(...events);
      current = events.reduce<Pass>((state, event) => evolvePass(state, event) ?? state, current);
      outcomes.push({ action, status: 'done', detail: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcomes.push({ action, status: 'failed', detail: error.code });
    }
  }
  const ran: PassEvent = {
    type: 'AutomationRan',
    data: {
      automation_id: run.automationId,
      occurrence: run.occurrence,
      depth: run.depth,
      actions: outcomes,
      // What the run does is no activity of the holder's: the quiet spell it may have answered goes on.
      activity_at: pass.lastActivityAt,
      occurred_at: now.toISOString(),
    },
  };
  return [...effects, ran];
}

/** Why an action does not apply to the pass at all, or null when it does. */
function skipReason(action: AutomationAction, pass: Pass): string | null {
  if (action.type === 'send_email' && pass.customerEmail === null) return 'no_email';
  if (action.type === 'send_email' && pass.automationEmailsStoppedAt !== null) return 'unsubscribed';
  return null;
}

/**
 * The events an action makes on the pass, or the pass's refusal. A message is the pass's `MessageSent`,
 * its source the run's occurrence, as a one-pass campaign. An email is sent after the append, from the
 * run's record (its outcome `done` says it was handed to the mail outbox's work).
 */
function actionEvents(action: AutomationAction, pass: Pass, run: AutomationRun, now: Date): PassEvent[] {
  switch (action.type) {
    case 'add_points':
      assertCanMove('AdjustPoints', pass.status);
      return adjustPoints({ type: 'AdjustPoints', delta: action.points, milestones: [], now }, pass);
    case 'add_stamps':
      assertCanMove('AddStamps', pass.status);
      return addStamps({ type: 'AddStamps', count: action.count, milestones: [], now }, pass);
    case 'send_email':
      return [];
    case 'send_message': {
      const message = { header: action.header, body: action.body };
      const source = { automation_id: run.automationId, occurrence: run.occurrence };
      return sendMessage({ type: 'SendMessage', message, source, googleWallet: run.googleWallet, now }, pass);
    }
  }
}

/**
 * The holder's choice of automation emails for a pass: the unsubscribe link in every automation email
 * stops them, their page turns them back on. The choice lives on the pass's stream, so the run that would
 * send an email (run-automation.ts) decides on it in the same state as on its occurrence. Asking for what
 * is already so records nothing, and a pass of any status may be asked: a mail scanner or a second click
 * changes nothing, and a voided pass's holder is still owed their choice.
 */
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';

export function stopAutomationEmails({ now }: PassCommandOf<'StopAutomationEmails'>, pass: Pass): PassEvent[] {
  if (pass.automationEmailsStoppedAt !== null) return [];
  return [{ type: 'AutomationEmailsStopped', data: { occurred_at: now.toISOString() } }];
}

export function resumeAutomationEmails({ now }: PassCommandOf<'ResumeAutomationEmails'>, pass: Pass): PassEvent[] {
  if (pass.automationEmailsStoppedAt === null) return [];
  return [{ type: 'AutomationEmailsResumed', data: { occurred_at: now.toISOString() } }];
}

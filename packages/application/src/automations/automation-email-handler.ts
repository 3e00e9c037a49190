/** Sends an automation's email (AUTOMATION_EMAIL) through the mailer: the outbox directory, or SMTP. */
import type { Work, WorkHandler, WorkResult } from '@passes/background-work';
import { InvalidMailMessage, type Mailer } from '@passes/mailer';
import { escapeHtml } from '../shared/escape-html';
import { AUTOMATION_EMAIL, type AutomationEmailWork } from './automation-work';

const MINUTE_MS = 60_000;

export class AutomationEmailHandler implements WorkHandler<AutomationEmailWork> {
  readonly kind = AUTOMATION_EMAIL;
  // A run is one append and a few reads: a process killed mid-run hands its items on soon after.
  readonly leaseMs = 30_000;
  readonly retryScheduleMs = [MINUTE_MS, 10 * MINUTE_MS, 60 * MINUTE_MS];
  readonly maxConcurrent = 4;

  constructor(private readonly mailer: Mailer) {}

  async handle({ id, payload }: Work<AutomationEmailWork>): Promise<WorkResult> {
    const html = payload.body
      .split(/\r?\n/)
      .map((line) => escapeHtml(line))
      .join('<br>');
    try {
      // The work's id on every attempt: a send repeated after a crash is the same message, not a second one.
      await this.mailer.send({ id, to: payload.to, subject: payload.subject, text: payload.body, html: `<p>${html}</p>` });
    } catch (error) {
      // An address no mailer takes is no better on the next attempt.
      if (error instanceof InvalidMailMessage) return { outcome: 'dead', error: error.message };
      return { outcome: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    return { outcome: 'done' };
  }
}

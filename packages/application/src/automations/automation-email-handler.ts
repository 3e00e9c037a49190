/**
 * Sends an automation's email (AUTOMATION_EMAIL) through the mailer: the outbox directory, or SMTP. Each
 * carries its pass's unsubscribe link, in the text and as the List-Unsubscribe headers (RFC 8058).
 */
import type { Work, WorkHandler, WorkResult } from '@passes/background-work';
import { InvalidMailMessage, type Mailer } from '@passes/mailer';
import { escapeHtml } from '../shared/escape-html';
import { AUTOMATION_EMAIL, type AutomationEmailWork } from './automation-work';
import type { UnsubscribeLinks } from './unsubscribe-links';

const MINUTE_MS = 60_000;

export class AutomationEmailHandler implements WorkHandler<AutomationEmailWork> {
  readonly kind = AUTOMATION_EMAIL;
  // A run is one append and a few reads: a process killed mid-run hands its items on soon after.
  readonly leaseMs = 30_000;
  readonly retryScheduleMs = [MINUTE_MS, 10 * MINUTE_MS, 60 * MINUTE_MS];
  readonly maxConcurrent = 4;

  constructor(
    private readonly mailer: Mailer,
    private readonly links: UnsubscribeLinks,
  ) {}

  async handle({ id, payload }: Work<AutomationEmailWork>): Promise<WorkResult> {
    const unsubscribeUrl = this.links.urlFor(payload.passId);
    // Without PASSES_APP_URL the public address is the server's own, known once it listens; a runner that
    // starts before that waits, rather than sending an email without its link (or giving the email up).
    if (!URL.canParse(unsubscribeUrl)) return { outcome: 'retry', error: 'the public address is not known yet' };
    const html = payload.body
      .split(/\r?\n/)
      .map((line) => escapeHtml(line))
      .join('<br>');
    const text = `${payload.body}\n\n--\nTo stop these emails for this pass: ${unsubscribeUrl}`;
    const footer = `<p style="color:#6b7280;font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> from these emails for this pass.</p>`;
    try {
      // The work's id on every attempt: a send repeated after a crash is the same message, not a second one.
      await this.mailer.send({ id, to: payload.to, subject: payload.subject, text, html: `<p>${html}</p>\n${footer}`, unsubscribeUrl });
    } catch (error) {
      // An address no mailer takes is no better on the next attempt.
      if (error instanceof InvalidMailMessage) return { outcome: 'dead', error: error.message };
      return { outcome: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    return { outcome: 'done' };
  }
}

/** Sends every message through each mailer in turn: the outbox first, so a message is kept even when SMTP fails. */
import type { MailMessage, Mailer } from './mailer';

export class FanOutMailer implements Mailer {
  constructor(private readonly mailers: readonly Mailer[]) {}

  async send(message: MailMessage): Promise<void> {
    for (const mailer of this.mailers) await mailer.send(message);
  }

  async close(): Promise<void> {
    await Promise.all(this.mailers.map((mailer) => mailer.close()));
  }
}

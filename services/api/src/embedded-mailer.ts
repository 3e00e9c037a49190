/** Mail of the embedded profile (DESIGN §6): every message goes to `PASSES_DATA_DIR/outbox/`, and over SMTP too when configured. */
import path from 'node:path';
import type { Clock } from '@passes/application';
import { FanOutMailer, OutboxMailer, SmtpMailer, type Mailer } from '@passes/mailer';
import type { Config } from './config';

export function openEmbeddedMailer(config: Config, clock: Clock): Mailer {
  const outbox = new OutboxMailer(path.join(config.dataDir, 'outbox'), () => clock.now());
  if (!config.smtpUrl) return outbox;
  const from = config.mailFrom ?? `Wallet Passes <no-reply@${new URL(config.appUrl ?? `http://${config.host}`).hostname}>`;
  return new FanOutMailer([outbox, new SmtpMailer(config.smtpUrl, from)]);
}

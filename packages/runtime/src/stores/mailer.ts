/** Mail (DESIGN §6): every message goes to `PASSES_DATA_DIR/outbox/`, and over SMTP too when configured. */
import path from 'node:path';
import { FanOutMailer, OutboxMailer, SmtpMailer, type Mailer } from '@passes/mailer';
import type { Config } from '../config/config';

export function openMailer(config: Config, now: () => Date): Mailer {
  const outbox = new OutboxMailer(path.join(config.dataDir, 'outbox'), now);
  if (!config.smtpUrl) return outbox;
  const from = config.mailFrom ?? `Wallet Passes <no-reply@${new URL(config.appUrl ?? `http://${config.host}`).hostname}>`;
  return new FanOutMailer([outbox, new SmtpMailer(config.smtpUrl, from)]);
}

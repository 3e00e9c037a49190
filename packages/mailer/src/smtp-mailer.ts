/** Mail over SMTP (`smtp://` or `smtps://user:password@host:port`), through nodemailer. */
import { createHash } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { checkedMailMessage, unsubscribeHeaders, type MailMessage, type Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  /** Made at the first message: nodemailer is loaded then, not with every process that could send one. */
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, id, unsubscribeUrl } = checkedMailMessage(message);
    const messageId = id === undefined ? undefined : `<${createHash('sha256').update(id).digest('hex')}@passes.invalid>`;
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: this.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    );
    await (await this.transport).sendMail({
      from: this.from,
      to,
      subject,
      text,
      html,
      ...(messageId === undefined ? {} : { messageId }),
      ...(unsubscribeUrl === undefined ? {} : { headers: unsubscribeHeaders(unsubscribeUrl) }),
    });
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}

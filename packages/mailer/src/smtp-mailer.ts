/** Mail over SMTP (`smtp://` or `smtps://user:password@host:port`), through nodemailer. */
import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { checkedMailMessage, unsubscribeHeaders, type MailMessage, type Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, id, unsubscribeUrl } = checkedMailMessage(message);
    const messageId = id === undefined ? undefined : `<${createHash('sha256').update(id).digest('hex')}@passes.invalid>`;
    await this.transport.sendMail({
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
    this.transport.close();
  }
}

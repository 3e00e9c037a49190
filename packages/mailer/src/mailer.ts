/**
 * Port: sends one email. Adapters: the outbox directory (always, in the embedded profile) and SMTP.
 * Messages are checked here, at the port, so no adapter can be talked into header injection.
 */
import { z } from 'zod';

const LINE_BREAK = /[\r\n]/;

const mailMessage = z.strictObject({
  to: z.email().refine((value) => !LINE_BREAK.test(value), 'must be one address'),
  subject: z.string().min(1).max(200).refine((value) => !LINE_BREAK.test(value), 'must be one line'),
  text: z.string().min(1),
  html: z.string().min(1),
  /**
   * The same on every attempt to send one message (work retried after a crash): the outbox keeps one file per
   * id, and SMTP sends it as the Message-ID, by which a receiving system can drop a repeat.
   */
  id: z.string().min(1).max(200).optional(),
  /** Where the recipient stops mail of this kind (RFC 8058: a POST there unsubscribes in one click). */
  unsubscribeUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .refine((value) => !LINE_BREAK.test(value) && !/[<>\s]/.test(value), 'must be one address')
    .optional(),
});

export type MailMessage = z.infer<typeof mailMessage>;

export interface Mailer {
  /** Resolves once the message is handed over for good (written to disk, accepted by the server). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** A message no adapter will send: it could smuggle headers or has no content. */
export class InvalidMailMessage extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid mail message: ${issues.join('; ')}`);
    this.name = 'InvalidMailMessage';
  }
}

/** The headers of a message with an unsubscribe address (RFC 2369, RFC 8058), the same from every adapter. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function checkedMailMessage(message: MailMessage): MailMessage {
  const result = mailMessage.safeParse(message);
  if (result.success) return result.data;
  throw new InvalidMailMessage(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
}

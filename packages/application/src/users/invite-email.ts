/** The email that carries a user's invite link. It names the business, so the invited person knows who asks. */
import type { MailMessage } from '@passes/mailer';
import { escapeHtml } from '../shared/escape-html';

export function inviteEmail(to: string, businessName: string, role: string, link: string, validDays: number): MailMessage {
  return {
    to,
    // A business name is one line (it is the business's `name`), but the port refuses a line break anyway.
    subject: `You're invited to ${businessName.replace(/[\r\n]+/g, ' ')}`,
    text: [
      'Hello,',
      '',
      `You're invited to the ${businessName} dashboard as ${role}. Open this link to choose your password:`,
      '',
      link,
      '',
      `It works once, for ${validDays} days. Please don't forward it: anyone with the link can take the invite.`,
      "If you didn't expect it, you can ignore this email.",
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      `<p>You're invited to the ${escapeHtml(businessName)} dashboard as ${escapeHtml(role)}.</p>`,
      `<p><a href="${escapeHtml(link)}">Accept the invite and choose a password</a></p>`,
      `<p>It works once, for ${validDays} days. Please don't forward it: anyone with the link can take the invite.</p>`,
      "<p>If you didn't expect it, you can ignore this email.</p>",
    ].join('\n'),
  };
}

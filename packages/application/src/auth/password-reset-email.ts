/** The email that carries a dashboard user's password reset link. */
import type { MailMessage } from '@passes/mailer';
import { escapeHtml } from '../shared/escape-html';

export function passwordResetEmail(to: string, link: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your dashboard password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of the dashboard account of this address. Open this link to choose a new one:',
      '',
      link,
      '',
      `It works once, for ${validMinutes} minutes, and logs out every session of the old password.`,
      "If you didn't ask, you can ignore this email: your password stays as it is.",
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>Someone asked to reset the password of the dashboard account of this address.</p>',
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      `<p>It works once, for ${validMinutes} minutes, and logs out every session of the old password.</p>`,
      "<p>If you didn't ask, you can ignore this email: your password stays as it is.</p>",
    ].join('\n'),
  };
}

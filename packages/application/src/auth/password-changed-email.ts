/** The email that tells a dashboard user their password changed, so that a change they did not make is noticed. */
import type { MailMessage } from '@passes/mailer';
import { escapeHtml } from '../shared/escape-html';

export function passwordChangedEmail(to: string, forgotPasswordLink: string): MailMessage {
  return {
    to,
    subject: 'Your dashboard password was changed',
    text: [
      'Hello,',
      '',
      'The password of the dashboard account of this address was just changed, and every session of the old one has ended.',
      '',
      `If you didn't change it, choose a new one now (${forgotPasswordLink}) and tell the business's owner.`,
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>The password of the dashboard account of this address was just changed, and every session of the old one has ended.</p>',
      `<p>If you didn't change it, <a href="${escapeHtml(forgotPasswordLink)}">choose a new one now</a> and tell the business's owner.</p>`,
    ].join('\n'),
  };
}

/** The email that carries a customer's link. It names no business and no pass: the link shows them. */
import type { MailMessage } from '@passes/mailer';
import { escapeHtml } from '../shared/escape-html';

export function magicLinkEmail(to: string, link: string): MailMessage {
  const minutes = 15;
  return {
    to,
    subject: 'Your passes',
    text: [
      'Hello,',
      '',
      'Here is the link to the passes issued to this email address:',
      '',
      link,
      '',
      `It works for ${minutes} minutes. Please don't forward it: anyone with the link can see your passes.`,
      "If you didn't ask for it, you can ignore this email.",
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      '<p>Here is the link to the passes issued to this email address:</p>',
      `<p><a href="${escapeHtml(link)}">See my passes</a></p>`,
      `<p>It works for ${minutes} minutes. Please don't forward it: anyone with the link can see your passes.</p>`,
      "<p>If you didn't ask for it, you can ignore this email.</p>",
    ].join('\n'),
  };
}

/** The email a join sends: the link to the customer's pass, whether it was just made or they had it already. */
import type { MailMessage } from '@passes/mailer';
import { escapeHtml } from '../shared/escape-html';

export function joinEmail(to: string, cardName: string, link: string): MailMessage {
  const name = cardName.replace(/[\r\n]+/g, ' ');
  return {
    to,
    subject: `Your ${name}`,
    text: [
      'Hello,',
      '',
      `Here is your ${name}. Open the link to add it to your wallet or show its code:`,
      '',
      link,
      '',
      "Please don't forward it: the link is your pass. If you didn't ask for it, you can ignore this email.",
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      `<p>Here is your ${escapeHtml(name)}. Open the link to add it to your wallet or show its code:</p>`,
      `<p><a href="${escapeHtml(link)}">Open my pass</a></p>`,
      "<p>Please don't forward it: the link is your pass. If you didn't ask for it, you can ignore this email.</p>",
    ].join('\n'),
  };
}

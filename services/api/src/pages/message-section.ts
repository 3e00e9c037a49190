/** The latest message a campaign or an automation sent to a pass, on its holder's pages: there even for a pass in no wallet. */
import { escapeHtml } from '@passes/application';
import type { LastMessage } from '@passes/domain';

export const MESSAGE_CSS = `
  .message { margin: 1rem 0 0; padding: .75rem 1rem; border-radius: 12px; background: rgba(255,255,255,.85); color: #1c1f23; }
  .message h3 { font-size: .9375rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
  .message p { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
`;

/** Empty when the pass has had no message. */
export function messageSection(message: LastMessage | null): string {
  if (message === null) return '';
  return `<section class="message" aria-label="Message">\n<h3>${escapeHtml(message.header)}</h3>\n<p>${escapeHtml(message.body)}</p>\n</section>`;
}

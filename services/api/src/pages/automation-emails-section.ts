/**
 * Whether a pass's holder gets its automation emails, with the form that changes it: on the customer's page
 * and on the unsubscribe link's page. The forms post to the pass's unsubscribe link (relative: the page's
 * own origin), which stops the emails, or to its `/resume`, which turns them back on. No script.
 */
import { escapeHtml } from '@passes/application';
import type { Pass } from '@passes/domain';

export const AUTOMATION_EMAILS_CSS = `
  .automation-emails { margin: .875rem 0 0; padding: .75rem 1rem; border-radius: 12px; background: #f4f5f7; }
  .automation-emails p { margin: 0 0 .5rem; }
  .automation-emails button { font: inherit; font-weight: 600; border: 1px solid #c9ced6; background: #fff; color: #1c1f23;
    border-radius: 10px; padding: .5rem .875rem; cursor: pointer; }
`;

/** The path of a pass's unsubscribe link, from its absolute address. */
function unsubscribePath(unsubscribeUrl: string): string {
  return new URL(unsubscribeUrl).pathname;
}

export function automationEmailsSection(pass: Pass, unsubscribeUrl: string): string {
  const path = unsubscribePath(unsubscribeUrl);
  const [state, action, button] =
    pass.automationEmailsStoppedAt === null
      ? ['Automation emails for this pass are on.', path, 'Stop automation emails']
      : [`Automation emails for this pass are off (since ${pass.automationEmailsStoppedAt.slice(0, 10)}).`, `${path}/resume`, 'Turn automation emails back on'];
  return [
    '<section class="automation-emails" aria-label="Automation emails">',
    `<p>${escapeHtml(state)}</p>`,
    `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(button)}</button></form>`,
    '</section>',
  ].join('\n');
}

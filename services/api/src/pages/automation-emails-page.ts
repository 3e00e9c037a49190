/**
 * The page of an automation email's unsubscribe link (`{app_url}/automation-emails/{pass_id}/{token}`):
 * opened (GET), it only asks, since mail scanners open links; its form, or a mail client's one-click POST
 * (RFC 8058), stops the emails, and the page then offers to turn them back on.
 */
import { escapeHtml, type LinkedPass } from '@passes/application';
import { automationEmailsSection, AUTOMATION_EMAILS_CSS } from './automation-emails-section';
import { pageStyle, type Page } from './page-document';

const STYLE = pageStyle(
  `
  body { margin: 0; font: 16px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif; background: #f4f5f7; color: #1c1f23; }
  main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem; }
  .notice { background: #fff; border: 1px solid #e3e6ea; border-radius: 14px; padding: 1.125rem; }
  .notice h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  .notice > p { margin: 0 0 .5rem; color: #5f6670; overflow-wrap: anywhere; }
${AUTOMATION_EMAILS_CSS}`,
  { forms: true },
);

/** What the page says after: the holder's choice as the pass now holds it. */
export type AutomationEmailsOutcome = 'asking' | 'stopped' | 'resumed';

const TITLES: Readonly<Record<AutomationEmailsOutcome, string>> = {
  asking: 'Automation emails',
  stopped: 'Automation emails stopped',
  resumed: 'Automation emails back on',
};

export function automationEmailsPage(linked: LinkedPass, unsubscribeUrl: string, outcome: AutomationEmailsOutcome): Page {
  const title = TITLES[outcome];
  const about = `Emails that ${linked.businessName} sends by itself about your pass ${linked.templateName} (${linked.pass.serialNumber}).`;
  const said =
    outcome === 'stopped'
      ? 'You will get no more of them for this pass. Other emails, such as a link to your passes you ask for, still come.'
      : outcome === 'resumed'
        ? 'You will get them again for this pass.'
        : 'Choose whether you get them for this pass.';
  return {
    status: 200,
    title,
    style: STYLE,
    body: `<div class="notice">\n<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(about)}</p>\n<p>${escapeHtml(said)}</p>\n${automationEmailsSection(linked.pass, unsubscribeUrl)}\n</div>`,
  };
}

export function unknownUnsubscribeLinkPage(): Page {
  const title = "This link doesn't work";
  return {
    status: 404,
    title,
    style: STYLE,
    body: `<div class="notice">\n<h1>${escapeHtml(title)}</h1>\n<p>Open the link exactly as it is in the email.</p>\n</div>`,
  };
}

/**
 * The unsubscribe link of automation emails over real HTTP, against the embedded stack: each email in the
 * outbox carries the pass's link and the List-Unsubscribe headers (RFC 8058); opening the link changes
 * nothing, a POST to it stops the emails as an event in the pass's history, the next run's email is skipped
 * as `unsubscribed`, and the customer's page shows it and turns them back on.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OutboxFile } from '@passes/mailer';
import { customerToken, sentMail } from './testing/customer-links';
import { until } from './testing/eventually';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';
import type { PageBody } from './testing/wire-types';

interface RunBody {
  pass_id: string;
  actions: { type: string; status: string; detail: string | null }[];
}
interface HistoryEntry {
  type: string;
  actor: string;
}

const EMAIL = 'ann.lee@example.com';
const LINK = /https:\/\/passes\.test(\/automation-emails\/[^/\s]+\/[A-Za-z0-9_-]{43})/;

let server: TestServer, business: TestBusiness;
const rules: Record<'welcome' | 'first' | 'second', string> = { welcome: '', first: '', second: '' };
beforeAll(async () => {
  server = await TestServer.start(undefined, { workPollIntervalMs: 50 });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  const email = (subject: string) => [{ type: 'send_email', subject, body: `${subject}, from the Corner Café` }];
  const rule = async (trigger: Record<string, unknown>, subject: string) =>
    (await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/automations`, { token: business.token, body: { name: subject, trigger, actions: email(subject) } })).body.id;
  rules.welcome = await rule({ type: 'pass_issued' }, 'Welcome');
  rules.first = await rule({ type: 'stamps_reached', value: 1 }, 'First stamp');
  rules.second = await rule({ type: 'stamps_reached', value: 2 }, 'Second stamp');
});
afterAll(() => server.stop());

const mailWith = async (subject: string) => (await sentMail(server)).filter((each) => each.subject === subject);
const historyOf = async (passId: string) =>
  (await server.request<{ data: HistoryEntry[] }>('GET', `/businesses/${business.businessId}/passes/${passId}/events`, { token: business.token })).body.data;
const runsOf = async (ruleId: string) => (await server.request<PageBody<RunBody>>('GET', `/businesses/${business.businessId}/automations/${ruleId}/runs`, { token: business.token })).body.data;
const stamp = (passId: string) => server.request('POST', `/businesses/${business.businessId}/passes/${passId}/stamp`, { token: business.token });
const page = (pathname: string, init: RequestInit = {}) => fetch(`${server.rootUrl}${pathname}`, { redirect: 'manual', ...init });
const oneClick = (pathname: string) =>
  page(pathname, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

function linkOf(message: OutboxFile): string {
  const found = LINK.exec(message.text)?.[1];
  if (found === undefined) throw new Error('no unsubscribe link in the email');
  return found;
}

describe('the unsubscribe link of automation emails', () => {
  let passId = '', link = '';

  it('is in every automation email, in its text, its html and its List-Unsubscribe headers', async () => {
    passId = (await issuePass(server, business, { customer_email: EMAIL })).id;
    await until(async () => (await mailWith('Welcome')).length === 1, 'the welcome email');
    const [welcome] = await mailWith('Welcome');
    link = linkOf(welcome!);
    expect(link.startsWith(`/automation-emails/${passId}/`)).toBe(true);
    expect(welcome?.html).toContain(`href="https://passes.test${link}"`);
    expect(welcome?.headers).toEqual({ 'List-Unsubscribe': `<https://passes.test${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('opened, only asks: a form that posts back to it, and nothing recorded', async () => {
    const opened = await page(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await opened.text();
    expect(html).toContain(`<form method="post" action="${link}"><button type="submit">Stop automation emails</button></form>`);
    expect(html).not.toContain('<script');
    expect((await historyOf(passId)).map((entry) => entry.type)).not.toContain('AutomationEmailsStopped');
  });

  it("is a 404 page with a wrong token or another pass's id, and records nothing", async () => {
    const token = link.split('/').at(-1)!;
    const other = (await issuePass(server, business, { customer_email: 'bob@example.com' })).id;
    for (const wrong of [`/automation-emails/${passId}/${'A'.repeat(43)}`, `/automation-emails/${other}/${token}`, `/automation-emails/${passId}/short`]) {
      expect((await page(wrong)).status).toBe(404);
      expect((await oneClick(wrong)).status).toBe(404);
    }
    expect((await historyOf(other)).map((entry) => entry.type)).not.toContain('AutomationEmailsStopped');
  });

  it("a one-click POST stops them: an event of the customer's in the pass's history; a second POST records nothing more", async () => {
    const stopped = await oneClick(link);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('Automation emails stopped');
    expect((await oneClick(link)).status).toBe(200);
    const stops = (await historyOf(passId)).filter((entry) => entry.type === 'AutomationEmailsStopped');
    expect(stops).toEqual([expect.objectContaining({ actor: 'customer' })]);
  });

  it("the next run's email is not sent: the run reads skipped, unsubscribed", async () => {
    expect((await stamp(passId)).status).toBe(200);
    await until(async () => (await runsOf(rules.first)).length === 1, 'the first-stamp run');
    expect((await runsOf(rules.first))[0]?.actions).toEqual([{ type: 'send_email', status: 'skipped', detail: 'unsubscribed' }]);
    await server.settled();
    expect(await mailWith('First stamp')).toEqual([]);
  });

  it("the customer's page says they are off, and turns them back on; the next email is sent again", async () => {
    // The link's email is then the latest to the address: the outbox orders messages by when they were sent.
    server.clock.advance(1_000);
    const token = await customerToken(server, EMAIL);
    const off = await (await page(`/customer?token=${encodeURIComponent(token)}`)).text();
    expect(off).toMatch(/Automation emails for this pass are off \(since \d{4}-\d{2}-\d{2}\)\./);
    expect(off).toContain(`<form method="post" action="${link}/resume"><button type="submit">Turn automation emails back on</button></form>`);

    const resumed = await page(`${link}/resume`, { method: 'POST' });
    expect(resumed.status).toBe(200);
    expect(await resumed.text()).toContain('Automation emails back on');
    expect((await historyOf(passId)).filter((entry) => entry.type === 'AutomationEmailsResumed')).toEqual([expect.objectContaining({ actor: 'customer' })]);
    const on = await (await page(`/customer?token=${encodeURIComponent(token)}`)).text();
    expect(on).toContain('Automation emails for this pass are on.');

    expect((await stamp(passId)).status).toBe(200);
    await until(async () => (await mailWith('Second stamp')).length === 1, 'the second-stamp email');
    expect((await runsOf(rules.second))[0]?.actions).toEqual([{ type: 'send_email', status: 'done', detail: null }]);
  });
});

/**
 * The page where a customer asks for the link to their passes (issue 38, the newcomer's path): a form at
 * `{app_url}/customer/link`, the same answer for a known and an unknown address, the link mailed only to
 * a known one, and a wrong address shown beside the field.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { linkTokenOf, sentMail } from '../testing/customer-links';
import { issuePass, registerBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start();
  await issuePass(server, await registerBusiness(server), { customer_email: 'ada@example.com' });
});
afterAll(() => server.stop());

const ask = (email: string) =>
  fetch(`${server.rootUrl}/customer/link`, { method: 'POST', body: `email=${encodeURIComponent(email)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('asking for a link to one’s passes on a page', () => {
  it('shows a form that may post to the page itself', async () => {
    const form = await fetch(`${server.rootUrl}/customer/link`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="email"');
    expect(form.headers.get('content-security-policy')).toContain("form-action 'self'");
  });

  it('answers a known and an unknown address alike, and mails the link to the known one only', async () => {
    const known = await ask('ADA@example.com');
    const unknown = await ask('nobody@example.com');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.text()).toContain('Check your email');
    expect(await unknown.text()).toContain('Check your email');
    const mail = await sentMail(server);
    expect(mail.map((message) => message.to)).toEqual(['ADA@example.com']);
    const [first] = mail;
    expect(first && linkTokenOf(first)).toEqual(expect.any(String));
  });

  it('shows a wrong address beside the field (422)', async () => {
    const answer = await ask('not an email');
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain('id="email-error"');
  });
});

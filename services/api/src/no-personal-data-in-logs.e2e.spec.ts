/**
 * No secret, token, API key, email or name in any log line: a full flow against the real embedded stack
 * (sign-up, login, API key, template, passes with customers' emails and names, lookups by email, bulk
 * issue, magic link and the customer's page, a webhook with its secret delivered after a failure) with
 * the production logger captured, then every value the flow used or received is looked for in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CapturedLog } from './testing/captured-log';
import { linkTokenOf, requestMagicLink, sentMail } from './testing/customer-links';
import { TestServer } from './testing/test-server';
import { WebhookReceiver } from './testing/webhook-receiver';

const OWNER_EMAIL = 'Quentin.Owner-7f3a@Example.com';
const PASSWORD = 'zebra-lantern-97-quartz';
const BUSINESS_NAME = 'Quillfeather Bakery';
const CUSTOMER_EMAIL = 'marguerite.vasquez-41@example.org';
const CUSTOMER_NAME = 'Marguerite Vasquez';
const RENAMED_CUSTOMER = 'Marguerite Okonkwo';
const BULK_EMAIL = 'bartholomew.ng-88@example.net';
const BULK_NAME = 'Bartholomew Ng';
const UNKNOWN_EMAIL = 'nobody-here-3c9@example.com';

const log = new CapturedLog();
let server: TestServer, receiver: WebhookReceiver;
/** Every value that must never appear in the log: credentials handed out, and the personal data sent. */
const secrets: string[] = [OWNER_EMAIL, PASSWORD, BUSINESS_NAME, CUSTOMER_EMAIL, CUSTOMER_NAME, RENAMED_CUSTOMER, BULK_EMAIL, BULK_NAME, UNKNOWN_EMAIL];

beforeAll(async () => {
  server = await TestServer.start(undefined, { webhookAllowPrivate: true, webhookRetryScheduleMs: [10], workPollIntervalMs: 20 }, { logger: log.logger });
  // The first attempt fails (so failures are logged as they are), the retry is delivered.
  receiver = await WebhookReceiver.start((index) => (index === 0 ? 500 : 200));
});
afterAll(async () => {
  await receiver.close();
  await server.stop();
});

async function ok<Body>(expected: number, call: Promise<{ status: number; body: Body }>): Promise<Body> {
  const response = await call;
  expect(response.status).toBe(expected);
  return response.body;
}

describe('the log of a full flow', () => {
  it('holds none of the secrets, tokens, keys, emails and names the flow used', async () => {
    const registered = await ok(201, server.request<{ access_token: string; business: { id: string } }>('POST', '/auth/register', { body: { business_name: BUSINESS_NAME, email: OWNER_EMAIL, password: PASSWORD } }));
    secrets.push(registered.access_token);
    expect((await server.request('POST', '/auth/login', { body: { email: OWNER_EMAIL, password: `${PASSWORD}-wrong` } })).status).toBe(401);
    const login = await ok(200, server.request<{ access_token: string }>('POST', '/auth/login', { body: { email: OWNER_EMAIL.toLowerCase(), password: PASSWORD } }));
    const token = login.access_token;
    secrets.push(token);
    const businessId = registered.business.id;
    await server.changePlan(businessId, 'pro');

    const key = await ok(201, server.request<{ key: string }>('POST', `/businesses/${businessId}/api-keys`, { token, body: { name: 'Front till', mode: 'live' } }));
    secrets.push(key.key);
    const webhook = await ok(201, server.request<{ secret: string }>('POST', `/businesses/${businessId}/webhooks`, { apiKey: key.key, body: { url: receiver.url } }));
    secrets.push(webhook.secret);

    const template = await ok(201, server.request<{ id: string }>('POST', `/businesses/${businessId}/templates`, { apiKey: key.key, body: { name: 'Loyalty card' } }));
    const pass = await ok(201, server.request<{ id: string }>('POST', `/businesses/${businessId}/passes`, {
      apiKey: key.key,
      body: { template_id: template.id, customer_name: CUSTOMER_NAME, customer_email: CUSTOMER_EMAIL, external_id: 'crm-quill-1' },
    }));
    await ok(200, server.request('PATCH', `/businesses/${businessId}/passes/${pass.id}`, { apiKey: key.key, body: { customer_name: RENAMED_CUSTOMER } }));
    await ok(200, server.request('GET', `/businesses/${businessId}/passes/lookup/email/${encodeURIComponent(CUSTOMER_EMAIL)}`, { apiKey: key.key }));
    await ok(200, server.request('GET', `/businesses/${businessId}/passes/lookup/email/${encodeURIComponent(UNKNOWN_EMAIL)}`, { token }));
    await ok(200, server.request('POST', `/businesses/${businessId}/passes/bulk`, {
      apiKey: key.key,
      body: { passes: [{ template_id: template.id, customer_name: BULK_NAME, customer_email: BULK_EMAIL }, { template_id: template.id, customer_email: `${BULK_EMAIL}-not-an-address` }] },
    }));
    // An X-Request-Id that quotes an address is not taken: it would put the address in every line.
    const quoted = await server.request('GET', '/businesses/me', { token, headers: { 'x-request-id': CUSTOMER_EMAIL } });
    expect(quoted.headers.get('x-request-id')).not.toBe(CUSTOMER_EMAIL);

    await ok(200, requestMagicLink(server, CUSTOMER_EMAIL));
    await ok(200, requestMagicLink(server, UNKNOWN_EMAIL));
    const [mail] = await sentMail(server);
    if (!mail) throw new Error('no magic link was sent');
    const linkToken = linkTokenOf(mail);
    secrets.push(linkToken);
    await ok(200, server.request('GET', `/public/customer/passes?token=${encodeURIComponent(linkToken)}`));
    expect((await fetch(`${server.rootUrl}/customer?token=${encodeURIComponent(linkToken)}`)).status).toBe(200);

    await receiver.waitFor(3);

    const text = log.lines.join('').toLowerCase();
    expect(log.requests().length).toBeGreaterThanOrEqual(15);
    for (const secret of secrets) {
      expect({ secret, found: text.includes(secret.toLowerCase()) }).toEqual({ secret, found: false });
      expect({ secret, found: text.includes(encodeURIComponent(secret).toLowerCase()) }).toEqual({ secret, found: false });
    }
  });
});

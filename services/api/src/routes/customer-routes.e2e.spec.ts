/**
 * Customers recover their passes with a passwordless email link (spec 19–20, Authentication rule 4):
 * the request never reveals whether an email is known, the link works for 15 minutes, and a customer
 * token and a dashboard token never stand in for each other.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { readOutbox } from '@passes/mailer';
import { createApiKey, issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { customerToken, linkTokenOf, requestMagicLink, sentMail, type CustomerPassesBody } from '../testing/customer-links';
import { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody } from '../testing/wire-types';

const FIFTEEN_MINUTES = 15 * 60_000;

let server: TestServer, cafe: TestBusiness, shop: TestBusiness;
let cafePass: PassBody, shopPass: PassBody;
beforeAll(async () => {
  server = await TestServer.start();
  cafe = await registerBusiness(server, 'Corner Café');
  shop = await registerBusiness(server, 'Book Shop');
  cafePass = await issuePass(server, cafe, { customer_email: 'Ann.Lee@Example.com', customer_name: 'Ann Lee', initial_balance: 12.5 });
  await server.request('POST', `/businesses/${cafe.businessId}/passes/${cafePass.id}/stamp?count=3`, { token: cafe.token });
  shopPass = await issuePass(server, shop, { customer_email: 'ann.lee@example.com', points: 40 });
  await issuePass(server, shop, { customer_email: 'someone.else@example.com' });
});
afterAll(() => server.stop());
// Rate-limit windows are 15 minutes aligned to the clock: each test starts in a fresh one, once the
// previous test's mail has gone out, and with a fresh dashboard login (those last an hour).
beforeEach(async () => {
  await server.settled();
  server.clock.advance(FIFTEEN_MINUTES);
  for (const business of [cafe, shop]) business.token = await logIn(business);
});

async function logIn(business: TestBusiness): Promise<string> {
  const login = await server.request<{ access_token: string }>('POST', '/auth/login', { body: { email: business.email, password: business.password } });
  return login.body.access_token;
}

const passesWith = (token: string) => server.request<CustomerPassesBody & ErrorBody>('GET', `/public/customer/passes?token=${encodeURIComponent(token)}`);
const mailTo = async (email: string) => (await sentMail(server)).filter((message) => message.to === email);

describe('POST /public/customer/magic-link', () => {
  it('answers a known and an unknown email identically: 200 {sent: true}, same headers', async () => {
    const known = await requestMagicLink(server, 'ann.lee@example.com');
    const unknown = await requestMagicLink(server, 'nobody@example.com');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ sent: true });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const shape = (headers: Headers) => [...headers.entries()].filter(([name]) => !['date', 'x-request-id', 'etag', 'x-ratelimit-remaining'].includes(name));
    expect(shape(unknown.headers)).toEqual(shape(known.headers));
  });

  it('mails a 15-minute link to an email with passes, matched case-insensitively, and nothing to one without', async () => {
    await requestMagicLink(server, 'ANN.lee@example.COM');
    await requestMagicLink(server, 'unknown-person@example.com');
    const [message, ...more] = await mailTo('ANN.lee@example.COM');
    expect(more).toEqual([]);
    expect(await mailTo('unknown-person@example.com')).toEqual([]);
    expect(message).toEqual({
      to: 'ANN.lee@example.COM',
      subject: 'Your passes',
      text: expect.stringContaining('https://passes.test/customer?token='),
      html: expect.stringContaining('<a href="https://passes.test/customer?token='),
      sent_at: server.clock.now().toISOString(),
    });
    expect(message?.text).toContain('15 minutes');
    expect((await passesWith(linkTokenOf(message!))).status).toBe(200);
  });

  it('answers before any of the mail work is done, which is done later off the request path', async () => {
    const response = await requestMagicLink(server, 'ann.LEE@example.com');
    const outboxAtAnswer = await readOutbox(path.join(server.dataDir, 'outbox'));

    expect(response.status).toBe(200);
    // The work waits a random one to two seconds in a queue, so the answer cannot have waited for it.
    expect(outboxAtAnswer.filter((message) => message.to === 'ann.LEE@example.com')).toEqual([]);
    expect(await mailTo('ann.LEE@example.com')).toHaveLength(1);
  });

  it('refuses invalid bodies with 422 and a body that is not JSON with 415', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }, { email: 'ann.lee@example.com', extra: true }, ['ann.lee@example.com']]) {
      const response = await server.request<ErrorBody>('POST', '/public/customer/magic-link', { body });
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('validation_error');
    }
    const notJson = await server.request<ErrorBody>('POST', '/public/customer/magic-link', { rawBody: 'email=a@b.c', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
  });

  it('allows 3 links per email address in 15 minutes, then answers 429 identically for known and unknown emails', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await requestMagicLink(server, 'ann.lee@example.com')).status).toBe(200);
      expect((await requestMagicLink(server, 'limited-unknown@example.com')).status).toBe(200);
    }
    const known = await requestMagicLink(server, 'Ann.Lee@example.com');
    const unknown = await requestMagicLink(server, 'limited-unknown@example.com');
    expect(known.status).toBe(429);
    expect(known.body).toEqual({ error: { code: 'rate_limited', message: expect.any(String), status: 429 } });
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(known.body);
    expect(known.headers.get('retry-after')).toBe(String(15 * 60));
    expect(unknown.headers.get('retry-after')).toBe(known.headers.get('retry-after'));
    expect(await mailTo('Ann.Lee@example.com')).toEqual([]);

    server.clock.advance(FIFTEEN_MINUTES);
    expect((await requestMagicLink(server, 'Ann.Lee@example.com')).status).toBe(200);
    expect(await mailTo('Ann.Lee@example.com')).toHaveLength(1);
  });

  it('allows 10 link requests per client address in 15 minutes, whatever the emails, then answers 429 with Retry-After', async () => {
    server.clock.advance(60_000);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await requestMagicLink(server, `visitor-${attempt}@example.com`)).status).toBe(200);
    }
    const limited = await requestMagicLink(server, 'ann.lee@example.com');
    expect(limited.status).toBe(429);
    expect((limited.body as ErrorBody).error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe(String(14 * 60));

    server.clock.advance(14 * 60_000);
    expect((await requestMagicLink(server, 'ann.lee@example.com')).status).toBe(200);
  });
});

describe('GET /public/customer/passes', () => {
  it('lists every pass of the email across businesses, with business and template names', async () => {
    const response = await passesWith(await customerToken(server, 'ann.lee@example.com'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      data: [
        {
          id: cafePass.id,
          serial_number: cafePass.serial_number,
          business_name: 'Corner Café',
          template_name: 'Coffee card',
          customer_name: 'Ann Lee',
          status: 'active',
          stamps: 3,
          points: 0,
          balance: 12.5,
          download_url: cafePass.download_url,
        },
        {
          id: shopPass.id,
          serial_number: shopPass.serial_number,
          business_name: 'Book Shop',
          template_name: 'Coffee card',
          customer_name: null,
          status: 'active',
          stamps: 0,
          points: 40,
          balance: null,
          download_url: shopPass.download_url,
        },
      ],
      expires_at: new Date(server.clock.now().getTime() + FIFTEEN_MINUTES).toISOString(),
    });
  });

  it('never shows sandbox passes, and mails no link to an email that has only sandbox passes', async () => {
    const lab = await registerBusiness(server, 'Test Kitchen');
    await server.changePlan(lab.businessId, 'pro');
    const sandbox = await createApiKey(server, lab, 'test');
    for (const email of ['ann.lee@example.com', 'only.sandbox@example.com']) {
      const issued = await server.request('POST', `/businesses/${lab.businessId}/passes`, {
        apiKey: sandbox.key,
        body: { template_id: lab.templateId, customer_email: email },
      });
      expect(issued.status).toBe(201);
    }
    const listed = await passesWith(await customerToken(server, 'ann.lee@example.com'));
    expect(listed.body.data.map((pass) => pass.id)).toEqual([cafePass.id, shopPass.id]);
    expect((await requestMagicLink(server, 'only.sandbox@example.com')).status).toBe(200);
    await server.settled();
    expect(await mailTo('only.sandbox@example.com')).toEqual([]);
  });

  it('follows the passes: a pass whose email changed leaves the list, one that gains the email joins it', async () => {
    const moved = await issuePass(server, cafe, { customer_email: 'mover@example.com' });
    const joining = await issuePass(server, shop, { customer_email: 'elsewhere@example.com' });
    const token = await customerToken(server, 'mover@example.com');
    const listed = async () => (await passesWith(token)).body.data.map((pass) => pass.id);
    expect(await listed()).toEqual([moved.id]);
    await server.request('PATCH', `/businesses/${cafe.businessId}/passes/${moved.id}`, { token: cafe.token, body: { customer_email: 'new-home@example.com' } });
    await server.request('PATCH', `/businesses/${shop.businessId}/passes/${joining.id}`, { token: shop.token, body: { customer_email: 'MOVER@example.com' } });
    expect(await listed()).toEqual([joining.id]);
  });

  it('accepts the token for 15 minutes and answers 401 from then on', async () => {
    const token = await customerToken(server, 'ann.lee@example.com');
    server.clock.advance(FIFTEEN_MINUTES - 1000);
    expect((await passesWith(token)).status).toBe(200);
    server.clock.advance(1000);
    const expired = await passesWith(token);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({ code: 'unauthorized', message: 'This link has expired; ask for a new one', status: 401 });
  });

  it('answers 401 to a missing, malformed or tampered token', async () => {
    const token = await customerToken(server, 'ann.lee@example.com');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const withClaims = (changes: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const forgeries = [
      `${header}.${withClaims({ sub: 'a'.repeat(64) })}.${signature}`,
      `${header}.${withClaims({ exp: Number(claims['exp']) + 86_400 })}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      unsigned,
      'not-a-token',
      '',
    ];
    for (const forged of forgeries) {
      const response = await passesWith(forged);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
    expect((await server.request<ErrorBody>('GET', '/public/customer/passes')).status).toBe(401);
    expect((await server.request<ErrorBody>('GET', `/public/customer/passes?token=${token}&token=${token}`)).status).toBe(401);
  });

  it('refuses a dashboard login token (wrong audience) with 401', async () => {
    expect((await passesWith(cafe.token)).status).toBe(401);
    expect((await passesWith((await createApiKey(server, cafe)).key)).status).toBe(401);
  });
});

describe('a customer token on business routes', () => {
  it('is refused with 401, as a Bearer token or as an API key', async () => {
    const token = await customerToken(server, 'ann.lee@example.com');
    for (const path of ['/businesses/me', `/businesses/${cafe.businessId}/passes/${cafePass.id}`, `/businesses/${cafe.businessId}/passes/lookup/email/ann.lee%40example.com`]) {
      expect((await server.request<ErrorBody>('GET', path, { token })).status).toBe(401);
      expect((await server.request<ErrorBody>('GET', path, { apiKey: token })).status).toBe(401);
    }
    const issue = await server.request<ErrorBody>('POST', `/businesses/${cafe.businessId}/passes`, { token, body: { template_id: cafe.templateId } });
    expect(issue.status).toBe(401);
  });
});

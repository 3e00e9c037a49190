/**
 * Self-enrolment over real HTTP (issue 38): a template opened for enrolment answers with its join_url; a
 * customer joins through `POST /public/join/{code}` (201 a new pass, 202 when the email has one: the link
 * mailed either way), the pass issued with the enrolment as its actor; the fields the page asks, consent,
 * limits per email, Free's full plan, a closed or unknown code; and the HTML join page itself.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { streamNames } from '@passes/domain';
import { SqliteEventStore } from '@passes/event-store';
import { sentMail } from '../testing/customer-links';
import { configureTemplate, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody, TemplateBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
let code = '';
const CONSENT = 'I agree that Corner Café keeps my name and email for my loyalty card.';

beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
});
afterAll(() => server.stop());

const join = (body: Record<string, unknown>, joinCode = code) =>
  server.request<{ serial_number: string; download_url: string; sent: boolean } & ErrorBody>('POST', `/public/join/${joinCode}`, { body });
const ada = { customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', consent: true };

describe('opening a template for enrolment', () => {
  it('needs a consent text, then answers with the join page address', async () => {
    const refused = await server.request<ErrorBody>('PATCH', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: business.token, body: { enrolment: { enabled: true } } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([{ path: 'enrolment.consent_text', message: 'must be given to open enrolment' }]);
    const opened = await configureTemplate(server, business, { enrolment: { enabled: true, fields: ['name', 'email', 'birthday'], consent_text: CONSENT } });
    const enrolment = opened.enrolment;
    expect(enrolment).toEqual({ enabled: true, fields: ['name', 'email', 'birthday'], consent_text: CONSENT, join_url: expect.stringMatching(/\/join\/[a-z2-9]{10}$/) });
    code = enrolment.join_url?.split('/join/')[1] ?? '';
    expect(enrolment.join_url).not.toContain(business.templateId);
  });

  it('refuses fields without name and email', async () => {
    const refused = await server.request<ErrorBody>('PATCH', `/businesses/${business.businessId}/templates/${business.templateId}`, { token: business.token, body: { enrolment: { fields: ['email'] } } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details?.[0]?.path).toBe('enrolment.fields');
  });
});

describe('POST /public/join/{code}', () => {
  let joined: { serial_number: string; download_url: string };

  it('issues a new pass (201) with the enrolment as its actor, and mails its link', async () => {
    const answer = await join({ ...ada, birthday: '1815-12-10' });
    expect(answer.status).toBe(201);
    joined = answer.body;
    expect(joined).toEqual({ serial_number: expect.any(String), download_url: expect.stringContaining('/passes/') });
    const pass = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${joined.serial_number}`, { token: business.token });
    expect(pass.body).toMatchObject({ customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', metadata: { birthday: '1815-12-10' } });
    const store = SqliteEventStore.open(path.join(server.dataDir, 'events.sqlite'));
    try {
      const [issued] = await store.readStream(streamNames.pass(pass.body.id));
      expect(issued?.metadata['actor']).toBe(`enrolment:${business.templateId}`);
    } finally {
      await store.close();
    }
    const mail = (await sentMail(server)).filter((message) => message.to === 'ada@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(joined.download_url);
  });

  it('answers 202 when the email has a pass of the template, and mails the link to that one', async () => {
    const again = await join({ ...ada, customer_email: 'ADA@example.com' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ sent: true });
    const mail = (await sentMail(server)).filter((message) => message.to === 'ada@example.com');
    expect(mail).toHaveLength(2);
    expect(mail[1]?.text).toContain(joined.download_url);
  });

  it('refuses what the page does not ask, a missing consent and bad values precisely (422)', async () => {
    const phone = await join({ ...ada, customer_email: 'x@example.com', phone: '+44 20 7946 0000' });
    expect(phone.status).toBe(422);
    expect(phone.body.error.details).toEqual([{ path: 'phone', message: 'is not asked on this join page' }]);
    const consent = await join({ ...ada, customer_email: 'y@example.com', consent: false });
    expect(consent.status).toBe(422);
    expect(consent.body.error.details?.[0]?.path).toBe('consent');
    const birthday = await join({ ...ada, customer_email: 'z@example.com', birthday: '10/12/1815' });
    expect(birthday.body.error.details?.[0]).toEqual({ path: 'birthday', message: 'must be a date as YYYY-MM-DD' });
  });

  it('limits joins per email (429 with Retry-After)', async () => {
    const tries = [];
    for (let attempt = 0; attempt < 4; attempt++) tries.push((await join({ ...ada, customer_email: 'busy@example.com' })).status);
    expect(tries.slice(0, 3).every((status) => status === 201 || status === 202)).toBe(true);
    const limited = await join({ ...ada, customer_email: 'busy@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('knows no code it did not make, nor a closed page (404)', async () => {
    expect((await join(ada, 'abcdefghjk')).status).toBe(404);
    await configureTemplate(server, other, { enrolment: { enabled: true, consent_text: 'Yes' } });
    const otherCode = (await server.request<TemplateBody>('GET', `/businesses/${other.businessId}/templates/${other.templateId}`, { token: other.token })).body.enrolment.join_url?.split('/join/')[1] ?? '';
    await configureTemplate(server, other, { enrolment: { enabled: false } });
    expect((await join(ada, otherCode)).status).toBe(404);
    const reopened = await configureTemplate(server, other, { enrolment: { enabled: true } });
    expect(reopened.enrolment.join_url).toContain(`/join/${otherCode}`);
  });
});

describe('the join page', () => {
  const page = (method: 'GET' | 'POST', body?: string) =>
    fetch(`${server.rootUrl}/join/${code}`, { method, redirect: 'manual', ...(body ? { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });

  it('shows the form with the fields the template asks and its consent text', async () => {
    const answer = await page('GET');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('name="customer_name"');
    expect(html).toContain('name="birthday"');
    expect(html).not.toContain('name="phone"');
    expect(html).toContain('Corner Café keeps my name');
    expect(answer.headers.get('content-security-policy')).toContain("form-action 'self'");
  });

  it('a new customer is taken to their pass; a known one reads the same "check your email" as any', async () => {
    const joined = await page('POST', 'customer_name=Grace+Hopper&customer_email=grace%40navy.mil&birthday=&consent=yes');
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toContain('/passes/');
    const again = await page('POST', 'customer_name=Grace+Hopper&customer_email=grace%40navy.mil&consent=yes');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Check your email');
  });

  it('shows what is wrong beside the field, without consent too', async () => {
    const answer = await page('POST', 'customer_name=&customer_email=nobody&consent=');
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain('id="customer_email-error"');
    expect(html).toContain('id="consent-error"');
  });

  it('has a printable poster: a PDF linking to the join page', async () => {
    const answer = await fetch(`${server.rootUrl}/join/${code}/poster.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await answer.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(`/join/${code}`);
    expect((await fetch(`${server.rootUrl}/join/abcdefghjk/poster.pdf`)).status).toBe(404);
  });

  it('an unknown code is a page that says so (404)', async () => {
    const answer = await fetch(`${server.rootUrl}/join/abcdefghjk`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('No card to join here');
  });
});

describe("a Free business's full plan", () => {
  it('closes the join page kindly instead of failing', async () => {
    for (let index = 0; index < 200; index++) {
      const issued = await server.request('POST', `/businesses/${business.businessId}/passes`, { token: business.token, body: { template_id: business.templateId } });
      if (issued.status === 402) break;
    }
    const refused = await join({ ...ada, customer_email: 'late@example.com' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This card is not taking new members right now');
    const closed = await fetch(`${server.rootUrl}/join/${code}`, {
      method: 'POST',
      body: 'customer_name=Late&customer_email=late2%40example.com&consent=yes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(closed.status).toBe(200);
    expect(await closed.text()).toContain('is full for now');
  });
});

/**
 * Browsing passes and customers over real HTTP (issue 38): search by the beginning of any word of name,
 * email, external id or serial, case-insensitively; filters by status and template; cursor pages that
 * neither repeat nor skip; customers grouped by email with their passes and totals; modes kept apart.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApiKey, createTemplate, issuePass, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, PageBody, PassBody } from '../testing/wire-types';

interface ListedPass {
  id: string;
  serial_number: string;
  customer_name: string | null;
  customer_email: string | null;
  status: string;
  template_id: string;
}
interface CustomerBody {
  email: string;
  name: string | null;
  passes: ListedPass[];
  totals: { passes: number; active_passes: number; stamps: number; points: number };
  last_activity_at: string;
}

let server: TestServer, business: TestBusiness, other: TestBusiness;
let ada: PassBody, alan: PassBody, grace: PassBody, graceGift: PassBody, anonymous: PassBody, giftTemplate: string;

beforeAll(async () => {
  ({ server, business, other } = await startWithTwoBusinesses());
  await server.changePlan(business.businessId, 'pro');
  giftTemplate = (await createTemplate(server, business, { name: 'Gift card' })).id;
  ada = await issuePass(server, business, { customer_name: 'Ada Adams Lovelace', customer_email: 'ada@example.com', external_id: 'CUST-1' });
  alan = await issuePass(server, business, { customer_name: 'Alan Turing', customer_email: 'alan@example.com' });
  grace = await issuePass(server, business, { customer_name: 'Grace Hopper', customer_email: 'Grace@Navy.mil' });
  graceGift = await issuePass(server, business, { template_id: giftTemplate, customer_email: 'grace@navy.mil' });
  anonymous = await issuePass(server, business);
  await server.request('POST', `/businesses/${business.businessId}/passes/${grace.id}/stamp?count=3`, { token: business.token });
  await server.request('DELETE', `/businesses/${business.businessId}/passes/${graceGift.id}`, { token: business.token });
  await issuePass(server, other, { customer_name: 'Ada Elsewhere', customer_email: 'ada@example.com' });
  const sandbox = await createApiKey(server, business, 'test');
  await server.request('POST', `/businesses/${business.businessId}/passes`, { apiKey: sandbox.key, body: { template_id: business.templateId, customer_name: 'Ada Sandbox' } });
});
afterAll(() => server.stop());

const list = async (query: string) => {
  const answer = await server.request<PageBody<ListedPass> & ErrorBody>('GET', `/businesses/${business.businessId}/passes${query}`, { token: business.token });
  return answer;
};
const ids = async (query: string) => (await list(query)).body.data.map((pass) => pass.id);
/** Every page of a list, from the first, by each page's cursor. */
const everyPage = async (query: string) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof list>> = await list(`${query}${cursor === null ? '' : `&cursor=${cursor}`}`);
    expect(page.status).toBe(200);
    expect(page.body.has_more).toBe(page.body.next_cursor !== null);
    seen.push(...page.body.data.map((pass) => pass.id));
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return seen;
};

describe('GET /passes', () => {
  it('lists every live pass of the business, oldest first, with who it is for', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.data.map((pass) => pass.id)).toEqual([ada.id, alan.id, grace.id, graceGift.id, anonymous.id]);
    expect(all.body.data[0]).toMatchObject({ customer_name: 'Ada Adams Lovelace', customer_email: 'ada@example.com', status: 'active', template_id: business.templateId });
    expect(all.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('finds by the beginning of any word of name, email, external id or serial, case-insensitively, each pass once', async () => {
    expect(await ids('?q=ada')).toEqual([ada.id]);
    // Longer than a word of a serial number (four random characters), which a short query could meet by chance.
    expect(await ids('?q=EXAMPLE')).toEqual([ada.id, alan.id]);
    expect(await ids('?q=LOVE')).toEqual([ada.id]);
    expect(await ids('?q=navy')).toEqual([grace.id, graceGift.id]);
    expect(await ids('?q=cust-1')).toEqual([ada.id]);
    // `ps-` and three of its first group's four random characters: two, another pass's group began with now and then.
    expect(await ids(`?q=${anonymous.serial_number.slice(0, 6).toLowerCase()}`)).toEqual([anonymous.id]);
    expect(await ids('?q=ada%20lovelace')).toEqual([ada.id]);
    expect(await ids('?q=ada%20turing')).toEqual([]);
    expect(await ids('?q=lovelacex')).toEqual([]);
  });

  it('filters by status and template, with or without a search', async () => {
    expect(await ids('?status=voided')).toEqual([graceGift.id]);
    expect(await ids(`?template_id=${giftTemplate}`)).toEqual([graceGift.id]);
    expect(await ids('?q=grace&status=active')).toEqual([grace.id]);
    expect(await ids(`?q=grace&template_id=${business.templateId}`)).toEqual([grace.id]);
  });

  it('pages by cursor without repeating or skipping a pass', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.data.map((pass) => pass.id));
      expect(page.body.has_more).toBe(page.body.next_cursor !== null);
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual([ada.id, alan.id, grace.id, graceGift.id, anonymous.id]);
    const last = await list('?limit=5');
    expect(last.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('pages through a search, a filter and both, more than one page each, neither repeating nor skipping', async () => {
    expect(await everyPage('?status=active&limit=1')).toEqual([ada.id, alan.id, grace.id, anonymous.id]);
    expect(await everyPage('?q=example%20com&limit=1')).toEqual([ada.id, alan.id]);
    expect(await everyPage('?q=navy&status=active&limit=1')).toEqual([grace.id]);
    expect(await everyPage(`?q=navy&template_id=${giftTemplate}&limit=1`)).toEqual([graceGift.id]);
    expect(await everyPage('?q=example&status=active&limit=2')).toEqual([ada.id, alan.id]);
  });

  it('finds by the beginning of a serial number or an email as typed, separators and all', async () => {
    expect(await ids(`?q=${encodeURIComponent(anonymous.serial_number.slice(0, 10))}`)).toEqual([anonymous.id]);
    expect(await ids(`?q=${encodeURIComponent(grace.serial_number.toLowerCase())}`)).toEqual([grace.id]);
    expect(await ids('?q=ada%40example.com')).toEqual([ada.id]);
    expect(await ids('?q=example.com%20alan')).toEqual([alan.id]);
    expect(await ids('?q=ada%40example.org')).toEqual([]);
  });

  it('refuses the cursor of another search (422)', async () => {
    const first = await list('?q=example&limit=1');
    expect(first.body.next_cursor).not.toBeNull();
    for (const query of ['?q=navy', '?q=', '']) {
      const answer = await list(`${query}${query === '' ? '?' : '&'}cursor=${first.body.next_cursor}`);
      expect(answer.status).toBe(422);
      expect(answer.body.error.details).toEqual([{ path: 'cursor', message: 'is not the next_cursor of a page of this list' }]);
    }
  });

  it('keeps sandbox passes and other businesses apart', async () => {
    const sandbox = await createApiKey(server, business, 'test');
    const answer = await server.request<PageBody<ListedPass>>('GET', `/businesses/${business.businessId}/passes?q=ada`, { apiKey: sandbox.key });
    expect(answer.body.data.map((pass) => pass.customer_name)).toEqual(['Ada Sandbox']);
    expect(await ids('?q=elsewhere')).toEqual([]);
  });

  it('refuses a bad status or limit (400) and a cursor of no page (422)', async () => {
    expect((await list('?status=lost')).status).toBe(400);
    expect((await list('?limit=0')).status).toBe(400);
    const cursor = await list('?cursor=%%%');
    expect(cursor.status).toBe(422);
    expect(cursor.body.error.details).toEqual([{ path: 'cursor', message: 'is not the next_cursor of a page of this list' }]);
  });
});

describe('GET /customers', () => {
  const customers = async (query: string) =>
    (await server.request<PageBody<CustomerBody>>('GET', `/businesses/${business.businessId}/customers${query}`, { token: business.token })).body;

  it('groups passes by email, once each, with their passes, totals and last activity', async () => {
    const all = await customers('');
    expect(all.data.map((customer) => customer.email)).toEqual(['ada@example.com', 'alan@example.com', 'grace@navy.mil']);
    const graceAnswer = all.data[2];
    expect(graceAnswer).toMatchObject({ name: 'Grace Hopper', totals: { passes: 2, active_passes: 1, stamps: 3, points: 0 } });
    expect(graceAnswer?.passes.map((pass) => pass.id)).toEqual([grace.id, graceGift.id]);
    expect(graceAnswer?.last_activity_at).toEqual(expect.any(String));
  });

  it('searches names and emails, and pages without repeating a customer', async () => {
    expect((await customers('?q=NAVY')).data.map((customer) => customer.email)).toEqual(['grace@navy.mil']);
    expect((await customers('?q=example')).data.map((customer) => customer.email)).toEqual(['ada@example.com', 'alan@example.com']);
    expect((await customers('?q=cust')).data).toEqual([]);
    const first = await customers('?limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = await customers(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((customer) => customer.email)).toEqual(['grace@navy.mil']);
    expect(second.has_more).toBe(false);
  });

  it('pages through a search of customers, and finds one by their whole email', async () => {
    const first = await customers('?q=example&limit=1');
    expect(first.data.map((customer) => customer.email)).toEqual(['ada@example.com']);
    expect(first.has_more).toBe(true);
    const second = await customers(`?q=example&limit=1&cursor=${first.next_cursor}`);
    expect(second.data.map((customer) => customer.email)).toEqual(['alan@example.com']);
    expect(second.has_more).toBe(false);
    expect((await customers('?q=alan%40example.com')).data.map((customer) => customer.email)).toEqual(['alan@example.com']);
    expect((await customers('?q=grace%40navy.mil')).data.map((customer) => customer.totals.passes)).toEqual([2]);
  });

  it('reads one customer by email, case-insensitively; an unknown one is 404', async () => {
    const one = await server.request<CustomerBody>('GET', `/businesses/${business.businessId}/customers/GRACE%40navy.mil`, { token: business.token });
    expect(one.status).toBe(200);
    expect(one.body.totals.passes).toBe(2);
    expect((await server.request('GET', `/businesses/${business.businessId}/customers/nobody%40example.com`, { token: business.token })).status).toBe(404);
  });
});

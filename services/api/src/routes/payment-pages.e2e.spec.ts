/**
 * The payments list and the reconciliation sweep read the store a page at a time (PROGRAMME: lists paged by
 * `limit` and `cursor`): a business's payments, and one pass's, over several pages newest first, each once,
 * and a payment started while paging comes in no later page; a bad limit is 400 and a cursor no page gave
 * (one of oldest-first pages included) is 422, never a 500; the sweep settles
 * every paid session though more are pending than a page holds, and though each one it settles leaves the
 * key it walks.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { until } from '../testing/eventually';
import { issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { signedEvent, startStripeMock, type StripeStandIn } from '../testing/stripe-stand-in';
import { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody } from '../testing/wire-types';

interface PaymentPage {
  data: { id: string; pass_id: string; status: string; amount: number }[];
  has_more: boolean;
  next_cursor: string | null;
}

let stripe: StripeStandIn, server: TestServer;
beforeAll(async () => {
  stripe = await startStripeMock();
  server = await TestServer.start(undefined, { stripe: stripe.settings });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

/** A Pro business whose Stripe account takes charges. */
async function payingBusiness(name: string): Promise<TestBusiness> {
  const business = await registerBusiness(server, name);
  await server.changePlan(business.businessId, 'pro');
  const account = await server.request<{ account_id: string }>('POST', `/businesses/${business.businessId}/payments/account`, { token: business.token });
  const object = { id: account.body.account_id, object: 'account', charges_enabled: true, metadata: { business_id: business.businessId } };
  const { body, signature } = signedEvent('account.updated', object, server.clock.now(), { account: account.body.account_id });
  expect((await server.request('POST', '/payments/stripe/events', { rawBody: body, headers: { 'stripe-signature': signature } })).status).toBe(200);
  return business;
}

/** A payment link for `amount`: its payment's id and its Checkout Session's. */
async function link(business: TestBusiness, pass: PassBody, amount: number): Promise<{ id: string; session: string }> {
  const answer = await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/passes/${pass.id}/payment-links`, { token: business.token, body: { amount } });
  expect(answer.status).toBe(201);
  return { id: answer.body.id, session: stripe.sessions.at(-1) ?? '' };
}

const list = (business: TestBusiness, query: string) => server.request<PaymentPage & ErrorBody>('GET', `/businesses/${business.businessId}/payments?${query}`, { token: business.token });

/** Every page from the first, `limit` at a time: each page's ids; `afterFirst` runs once the first page is read. */
async function allPages(business: TestBusiness, query: string, afterFirst: () => Promise<unknown> = async () => {}): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const answer = await list(business, `${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    expect(answer.status).toBe(200);
    expect(answer.body.has_more).toBe(answer.body.next_cursor !== null);
    pages.push(answer.body.data.map((payment) => payment.id));
    if (pages.length === 1) await afterFirst();
    cursor = answer.body.next_cursor;
  } while (cursor !== null);
  return pages;
}

describe("a business's payments, a page at a time", () => {
  let business: TestBusiness, started: string[], first: PassBody, second: PassBody;
  beforeAll(async () => {
    business = await payingBusiness('Paged Café');
    first = await issuePass(server, business, { initial_balance: 0 });
    second = await issuePass(server, business, { initial_balance: 0 });
    started = [];
    for (const [pass, amount] of [[first, 5], [second, 6], [first, 7], [first, 8], [second, 9]] as const) started.push((await link(business, pass, amount)).id);
  }, 120_000);

  it('come over several pages newest first, each once, the last with no next_cursor', async () => {
    const pages = await allPages(business, 'limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([...started].reverse());
    const whole = await list(business, 'limit=5');
    expect(whole.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(whole.body.data.map((payment) => payment.id)).toEqual([...started].reverse());
  });

  it("a pass's own: `pass_id`, paged the same way; another business's pass has none here", async () => {
    const pages = await allPages(business, `pass_id=${first.id}&limit=2`);
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    expect(pages.flat()).toEqual([started[3], started[2], started[0]]);
    const stranger = await registerBusiness(server, 'Stranger Café');
    await server.changePlan(stranger.businessId, 'pro');
    const theirs = await list(stranger, `pass_id=${first.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it('refuses a limit out of range with 400, and a cursor no page gave with 422, never a 500', async () => {
    for (const limit of ['0', '201', 'ten', '-1']) {
      const answer = await list(business, `limit=${limit}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
    }
    // '4' is how a page of a list read oldest first (a campaign's recipients) says where it ended.
    for (const cursor of ['not a cursor', '', '!!!', Buffer.from('4').toString('base64url'), Buffer.from('-x').toString('base64url'), Buffer.from('x').toString('base64url')]) {
      const answer = await list(business, `limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status).toBe(422);
      expect(answer.body.error.code).toBe('validation_error');
    }
  });
});

describe("a business's payments paged while more are started", () => {
  it('a payment started after the first page comes in no later page, and first on a first page read again', async () => {
    const business = await payingBusiness('Busy Café');
    const pass = await issuePass(server, business, { initial_balance: 0 });
    const started: string[] = [];
    for (const amount of [5, 6, 7]) started.push((await link(business, pass, amount)).id);
    let meanwhile = '';
    const pages = await allPages(business, 'limit=2', async () => (meanwhile = (await link(business, pass, 8)).id));
    expect(pages).toEqual([[started[2], started[1]], [started[0]]]);
    expect((await list(business, 'limit=2')).body.data.map((payment) => payment.id)).toEqual([meanwhile, started[2]]);
  });
});

describe('the reconciliation sweep', () => {
  it('settles every paid session, a page at a time, with more pending than a page holds', async () => {
    const business = await payingBusiness('Swept Café');
    const pass = await issuePass(server, business, { initial_balance: 0 });
    const links: { id: string; session: string; amount: number }[] = [];
    for (const amount of [1, 2, 3, 4, 5, 6, 7]) links.push({ ...(await link(business, pass, amount)), amount });
    // Paid at Stripe with no notice: the first of a page, the last of one, and the very last.
    const paid = [links[0], links[3], links[6]].filter((paidLink) => paidLink !== undefined);
    for (const { session, amount } of paid) stripe.pay(session, amount * 100);
    expect(new Set(links.map(({ session }) => session)).size).toBe(links.length);

    // Pages of 2 of the pending payments (others' too); a minute from now, so every link is old enough.
    const settled = await server.internals.application.payments.reconcile(new Date(server.clock.now().getTime() + 60_000), 'test-sweep', 2);

    expect(settled).toBe(paid.length);
    const balanceOf = async () => (await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token })).body.balance;
    await until(async () => (await balanceOf()) === 1 + 4 + 7, 'the paid sessions credited');
    const statuses = async () => new Map((await list(business, `pass_id=${pass.id}&limit=200`)).body.data.map((payment) => [payment.id, payment.status]));
    await until(async () => (await statuses()).get(links[6]?.id ?? '') === 'succeeded', 'the payments read model to follow');
    const statusOf = await statuses();
    expect(links.map(({ id }) => statusOf.get(id))).toEqual(['succeeded', 'pending', 'pending', 'succeeded', 'pending', 'pending', 'succeeded']);
  });
});

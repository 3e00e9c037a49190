/**
 * Campaigns over real HTTP (PROGRAMME §2): create, validation, Free's one campaign, sending in the
 * background to the audience (each recipient's message on its pass, once), stats that add up, the moves
 * each status refuses, scheduling and cancelling, and another business's campaigns.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { customerToken } from '../testing/customer-links';
import { issuePass, registerBusiness, renewToken, type TestBusiness } from '../testing/fixtures';
import { ManualClock } from '../testing/manual-clock';
import { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody } from '../testing/wire-types';

interface CampaignBody {
  id: string;
  name: string;
  message: { header: string; body: string };
  audience: { template_id: string | null; statuses: string[]; min_stamps: number | null; min_points: number | null; installed_only: boolean };
  status: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
  send_at: string | null;
  created_at: string;
  sent_at: string | null;
  stats: { recipients: number; delivered: number; not_installed: number; quota_limited: number; failed: number };
}
type Answer = CampaignBody & ErrorBody & { feature?: string; plan?: string; recipients?: number; quota_limited?: number };

const clock = new ManualClock();
let server: TestServer, business: TestBusiness, pro: TestBusiness;
beforeAll(async () => {
  // The scheduler looks for due work this often: a scheduled campaign goes soon after the clock passes its time.
  server = await TestServer.start(clock, { workPollIntervalMs: 20 });
  business = await registerBusiness(server);
  pro = await registerBusiness(server, 'Pro Shop');
  await server.changePlan(pro.businessId, 'pro');
});
afterAll(() => server.stop());

const campaigns = (b: TestBusiness) => `/businesses/${b.businessId}/campaigns`;
const request = (method: string, path: string, b: TestBusiness, body?: Record<string, unknown>) => server.request<Answer>(method, path, { token: b.token, body });
const friday = { name: 'Double stamps', message: { header: 'Double stamps', body: 'Every stamp counts twice this Friday.' } };
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * 3_600_000).toISOString();

/** Reads the campaign until it is sent: sending goes on in the background after the 202. */
async function untilSent(b: TestBusiness, id: string): Promise<CampaignBody> {
  for (;;) {
    const answer = await request('GET', `${campaigns(b)}/${id}`, b);
    if (answer.body.status === 'sent') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a Free business', () => {
  let draft: CampaignBody;
  let passes: PassBody[];

  it('creates a draft: 201 with the default audience and empty stats', async () => {
    const answer = await request('POST', campaigns(business), business, friday);
    expect(answer.status).toBe(201);
    draft = answer.body;
    expect(draft).toEqual({
      id: expect.any(String),
      ...friday,
      audience: { template_id: null, statuses: ['active', 'checked_in'], min_stamps: null, min_points: null, installed_only: false },
      status: 'draft',
      send_at: null,
      created_at: clock.now().toISOString(),
      sent_at: null,
      stats: { recipients: 0, delivered: 0, not_installed: 0, quota_limited: 0, failed: 0 },
    });
    const me = await server.request<{ limits: Record<string, unknown>; usage: Record<string, unknown> }>('GET', '/businesses/me', { token: business.token });
    expect(me.body).toMatchObject({ limits: { campaigns: 1 }, usage: { campaigns: 1 } });
  });

  it('is refused a second campaign with the flat 402 naming campaigns', async () => {
    const second = await request('POST', campaigns(business), business, { ...friday, name: 'Second' });
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ error: 'pro_feature', feature: 'campaigns', plan: 'free' });
  });

  it('reads it back by id and in the list', async () => {
    expect((await request('GET', `${campaigns(business)}/${draft.id}`, business)).body).toEqual(draft);
    expect((await request('GET', campaigns(business), business)).body).toEqual({ data: [draft], has_more: false, next_cursor: null });
  });

  it('previews the audience: the active and checked-in passes, not the voided one', async () => {
    passes = [await issuePass(server, business), await issuePass(server, business), await issuePass(server, business)];
    const voided = passes[2];
    if (voided === undefined) throw new Error('three passes were issued');
    expect((await request('DELETE', `/businesses/${business.businessId}/passes/${voided.id}`, business)).status).toBe(200);
    const preview = await request('POST', `${campaigns(business)}/${draft.id}/preview`, business);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ recipients: 2, quota_limited: 0 });
  });

  it('sends it: 202 sending, then sent with stats that add up, each pass holding the message once', async () => {
    const sending = await request('POST', `${campaigns(business)}/${draft.id}/send`, business);
    expect(sending.status).toBe(202);
    expect(sending.body.status).toBe('sending');
    const sent = await untilSent(business, draft.id);
    // No wallet is configured here: the passes are in no wallet the service reaches.
    expect(sent.stats).toEqual({ recipients: 2, delivered: 0, not_installed: 2, quota_limited: 0, failed: 0 });
    expect(sent.sent_at).toBe(clock.now().toISOString());
    for (const pass of passes.slice(0, 2)) {
      const answer = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
      expect(answer.body.last_message).toEqual({ campaign_id: draft.id, ...friday.message, sent_at: clock.now().toISOString() });
      const history = await server.request<{ data: { type: string; data: Record<string, unknown> }[] }>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: business.token });
      expect(history.body.data.filter((event) => event.type === 'MessageSent')).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ source: { campaign_id: draft.id }, delivery: 'not_installed' }) }),
      ]);
    }
    const recipients = await request('GET', `${campaigns(business)}/${draft.id}/recipients?limit=1`, business);
    const rest = await server.request<{ data: unknown[]; has_more: boolean; next_cursor: string | null }>('GET', `${campaigns(business)}/${draft.id}/recipients?cursor=${(recipients.body as unknown as { next_cursor: string }).next_cursor}`, { token: business.token });
    const rows = [...(recipients.body as unknown as { data: unknown[] }).data, ...rest.body.data];
    // A page's messages go at once: in no particular order among themselves.
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining(passes.slice(0, 2).map((pass) => ({ pass_id: pass.id, serial_number: pass.serial_number, status: 'not_installed', at: clock.now().toISOString() }))),
    );
    expect(rest.body.has_more).toBe(false);
    expect((await request('GET', `${campaigns(business)}/${draft.id}/recipients?cursor=bm90LWEtY3Vyc29y`, business)).status).toBe(422);
    // A pass in no wallet still shows the message on its download page.
    const page = await fetch((passes[0]?.download_url ?? '').replace('https://passes.test', server.rootUrl));
    expect(await page.text()).toContain('<section class="message" aria-label="Message">\n<h3>Double stamps</h3>\n<p>Every stamp counts twice this Friday.</p>');
    const voided = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${passes[2]?.id ?? ''}`, { token: business.token });
    expect(voided.body.last_message).toBeNull();
  });

  it('refuses to send, change, cancel or delete a sent campaign with 409 invalid_state', async () => {
    for (const [method, path, body] of [
      ['POST', `${campaigns(business)}/${draft.id}/send`, undefined],
      ['PATCH', `${campaigns(business)}/${draft.id}`, { name: 'Again' }],
      ['POST', `${campaigns(business)}/${draft.id}/cancel`, undefined],
      ['DELETE', `${campaigns(business)}/${draft.id}`, undefined],
    ] as const) {
      const answer = await request(method, path, business, body);
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('invalid_state');
    }
  });

  it("answers 404 for another business's campaign", async () => {
    expect((await request('GET', `${campaigns(pro)}/${draft.id}`, pro)).status).toBe(404);
    expect((await request('POST', `${campaigns(pro)}/${draft.id}/send`, pro)).status).toBe(404);
  });
});

describe('a send that resumes', () => {
  it('never messages a pass twice: a pass the stopped sender reached keeps its one message, and counts as it went then', async () => {
    const shop = await registerBusiness(server, 'Resumed Café');
    const reached = await issuePass(server, shop);
    const other = await issuePass(server, shop);
    const created = await request('POST', campaigns(shop), shop, friday);
    // What a sender stopped midway leaves: this pass's message of the campaign, its page not recorded.
    const earlier = clock.now().toISOString();
    await server.sendMessage(shop.businessId, reached.id, friday.message, { campaign_id: created.body.id });
    clock.advance(60_000);
    await request('POST', `${campaigns(shop)}/${created.body.id}/send`, shop);
    const sent = await untilSent(shop, created.body.id);
    expect(sent.stats).toEqual({ recipients: 2, delivered: 0, not_installed: 2, quota_limited: 0, failed: 0 });
    const messagesOf = async (pass: PassBody) => {
      const history = await server.request<{ data: { type: string; data: { occurred_at: string } }[] }>('GET', `/businesses/${shop.businessId}/passes/${pass.id}/events`, { token: shop.token });
      return history.body.data.filter((event) => event.type === 'MessageSent').map((event) => event.data.occurred_at);
    };
    expect(await messagesOf(reached)).toEqual([earlier]);
    expect(await messagesOf(other)).toEqual([clock.now().toISOString()]);
  });
});

describe("the holder's pages", () => {
  it('show the latest message on the customer page too', async () => {
    const shop = await registerBusiness(server, 'Customer Café');
    await issuePass(server, shop, { customer_email: 'grace@example.com' });
    const created = await request('POST', campaigns(shop), shop, friday);
    await request('POST', `${campaigns(shop)}/${created.body.id}/send`, shop);
    await untilSent(shop, created.body.id);
    const token = await customerToken(server, 'grace@example.com');
    const page = await fetch(`${server.rootUrl}/customer?token=${encodeURIComponent(token)}`);
    expect(await page.text()).toContain('<section class="message" aria-label="Message">\n<h3>Double stamps</h3>\n<p>Every stamp counts twice this Friday.</p>');
  });
});

describe('validation', () => {
  const refused = async (body: Record<string, unknown>, path: string) => {
    const answer = await request('POST', campaigns(pro), pro, { ...friday, ...body });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details?.map((issue) => issue.path)).toContain(path);
  };

  it('refuses empty or long texts', async () => {
    await refused({ message: { header: '', body: 'x' } }, 'message.header');
    await refused({ message: { header: 'x'.repeat(61), body: 'x' } }, 'message.header');
    await refused({ message: { header: 'x', body: 'x'.repeat(501) } }, 'message.body');
  });

  it('refuses send_at in the past or more than 90 days ahead', async () => {
    await refused({ send_at: inHours(-1) }, 'send_at');
    await refused({ send_at: inHours(90 * 24 + 1) }, 'send_at');
  });

  it("refuses a template that is not the business's", async () => {
    await refused({ audience: { template_id: business.templateId } }, 'audience.template_id');
  });
});

describe('a scheduled campaign', () => {
  it('is cancelled before its time, and then never sent', async () => {
    const created = await request('POST', campaigns(pro), pro, { ...friday, send_at: inHours(1) });
    expect(created.body.status).toBe('scheduled');
    const cancelled = await request('POST', `${campaigns(pro)}/${created.body.id}/cancel`, pro);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
  });

  it('becomes a draft again when PATCH clears send_at; a draft is deleted with 204', async () => {
    const created = await request('POST', campaigns(pro), pro, { ...friday, send_at: inHours(1) });
    const patched = await request('PATCH', `${campaigns(pro)}/${created.body.id}`, pro, { send_at: null });
    expect(patched.body).toMatchObject({ status: 'draft', send_at: null });
    expect((await request('DELETE', `${campaigns(pro)}/${created.body.id}`, pro)).status).toBe(204);
    expect((await request('GET', `${campaigns(pro)}/${created.body.id}`, pro)).status).toBe(404);
  });

  it('is sent once the clock passes its time, to the audience it names', async () => {
    await issuePass(server, pro);
    const stamped = await issuePass(server, pro);
    expect((await server.request('POST', `/businesses/${pro.businessId}/passes/${stamped.id}/stamp?count=3`, { token: pro.token })).status).toBe(200);
    const created = await request('POST', campaigns(pro), pro, { ...friday, audience: { min_stamps: 2 }, send_at: inHours(2) });
    expect(created.body.status).toBe('scheduled');
    clock.advance(2 * 3_600_000);
    // The dashboard's token has expired meanwhile.
    await renewToken(server, pro);
    const sent = await untilSent(pro, created.body.id);
    expect(sent.stats).toEqual({ recipients: 1, delivered: 0, not_installed: 1, quota_limited: 0, failed: 0 });
  });
});

describe('a pass that refuses its message', () => {
  it('is a failed recipient: counted in the stats and listed as failed, with its serial number', async () => {
    const business = await registerBusiness(server, 'Voiding Café');
    const pass = await issuePass(server, business);
    expect((await request('DELETE', `/businesses/${business.businessId}/passes/${pass.id}`, business)).status).toBe(200);
    const created = await request('POST', campaigns(business), business, { ...friday, audience: { statuses: ['voided'] } });
    expect(created.status).toBe(201);

    expect((await request('POST', `${campaigns(business)}/${created.body.id}/send`, business)).status).toBe(202);
    const sent = await untilSent(business, created.body.id);

    expect(sent.stats).toEqual({ recipients: 1, delivered: 0, not_installed: 0, quota_limited: 0, failed: 1 });
    const recipients = await server.request<{ data: unknown[] }>('GET', `${campaigns(business)}/${created.body.id}/recipients`, { token: business.token });
    expect(recipients.body.data).toEqual([{ pass_id: pass.id, serial_number: pass.serial_number, status: 'failed', at: clock.now().toISOString() }]);
  });
});

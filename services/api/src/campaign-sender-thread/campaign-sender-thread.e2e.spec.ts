/**
 * Campaigns sent on the embedded server's own campaign sender thread (its connections, its runner, the
 * system's clock): sent with stats that add up and each pass messaged once, and a send cut short by a
 * restart finished by the next start without messaging any pass twice. The worker runs the compiled package.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, registerBusiness, type TestBusiness } from '../testing/fixtures';
import { ManualClock } from '../testing/manual-clock';
import { TestServer } from '../testing/test-server';
import type { PassBody } from '../testing/wire-types';

interface CampaignBody {
  id: string;
  status: string;
  stats: { recipients: number; delivered: number; not_installed: number; quota_limited: number; failed: number };
}

const PASSES = 12;
/** The server's clock stands an hour behind the system's, which the sender's thread keeps. */
const clock = new ManualClock(new Date(Date.now() - 3_600_000));
let server: TestServer, business: TestBusiness;
let passes: PassBody[];

beforeAll(async () => {
  server = await TestServer.start(clock, { campaignSenderThread: true, workPollIntervalMs: 20 });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  passes = [];
  for (let index = 0; index < PASSES; index += 1) passes.push(await issuePass(server, business));
});
afterAll(() => server.stop());

const campaigns = () => `/businesses/${business.businessId}/campaigns`;
const request = <Body>(method: string, path: string, body?: Record<string, unknown>) => server.request<Body>(method, path, { token: business.token, body });

async function createAndSend(name: string): Promise<string> {
  const created = await request<CampaignBody>('POST', campaigns(), { name, message: { header: name, body: 'Every stamp counts twice this Friday.' } });
  expect(created.status).toBe(201);
  const sending = await request<CampaignBody>('POST', `${campaigns()}/${created.body.id}/send`);
  expect(sending.status).toBe(202);
  return created.body.id;
}

async function untilSent(id: string): Promise<CampaignBody> {
  for (;;) {
    const answer = await request<CampaignBody>('GET', `${campaigns()}/${id}`);
    if (answer.body.status === 'sent') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The campaigns each pass's history holds a message of, one entry per MessageSent. */
async function messagedBy(pass: PassBody): Promise<unknown[]> {
  const history = await request<{ data: { type: string; data: { source?: { campaign_id?: string } } }[] }>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`);
  return history.body.data.filter((event) => event.type === 'MessageSent').map((event) => event.data.source?.campaign_id);
}

describe('a campaign sent on the sender’s thread', () => {
  let first: string;

  it('is sent by the thread, with stats that add up, each pass holding the message once', async () => {
    first = await createAndSend('Double stamps');
    const sent = await untilSent(first);
    expect(sent.stats).toEqual({ recipients: PASSES, delivered: 0, not_installed: PASSES, quota_limited: 0, failed: 0 });
    for (const pass of passes) expect(await messagedBy(pass)).toEqual([first]);
    // Sent at the thread's time, not at the server's.
    const pass = await request<PassBody>('GET', `/businesses/${business.businessId}/passes/${passes[0]?.id ?? ''}`);
    expect(Date.parse(pass.body.last_message?.sent_at ?? '')).toBeGreaterThan(clock.now().getTime() + 3_000_000);
  });

  it('cut short by a restart, is finished by the next start without messaging any pass twice', async () => {
    const second = await createAndSend('Free refill');
    await server.restart();
    const sent = await untilSent(second);
    expect(sent.stats).toEqual({ recipients: PASSES, delivered: 0, not_installed: PASSES, quota_limited: 0, failed: 0 });
    for (const pass of passes) expect(await messagedBy(pass)).toEqual([first, second]);
  });
});

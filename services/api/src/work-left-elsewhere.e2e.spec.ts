/**
 * The embedded server holds its data directory alone, so when it starts it takes back the work any other
 * holder left under lease, wherever that holder ran: a server in a container started afresh (another host
 * name, the same pid) resumes a send its predecessor had taken up soon after it starts, not after the lease.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import path from 'node:path';
import { SqliteWorkStore } from '@passes/background-work';
import { issuePass, registerBusiness, renewToken, type TestBusiness } from './testing/fixtures';
import { ManualClock } from './testing/manual-clock';
import { TestServer } from './testing/test-server';

interface CampaignBody {
  id: string;
  status: string;
  stats: Record<string, number>;
}

const clock = new ManualClock();
let server: TestServer, business: TestBusiness;

beforeAll(async () => {
  server = await TestServer.start(clock, { workPollIntervalMs: 20 });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  await issuePass(server, business);
  await issuePass(server, business);
});
afterAll(() => server.stop());

it('sends a campaign whose item a server of another host left leased, after the retry delay rather than the lease', async () => {
  const campaigns = `/businesses/${business.businessId}/campaigns`;
  const sendAt = new Date(clock.now().getTime() + 3_600_000);
  const created = await server.request<CampaignBody>('POST', campaigns, {
    token: business.token,
    body: { name: 'Friday', message: { header: 'Double stamps', body: 'This Friday only.' }, send_at: sendAt.toISOString() },
  });
  expect(created.body.status).toBe('scheduled');

  await server.halt();
  clock.advance(3_600_000);
  const work = SqliteWorkStore.open(path.join(server.dataDir, 'background-work.sqlite'));
  const left = await work.claimDue('campaigns.send', { holder: 'an-earlier-container/1/3f0c', now: clock.now(), ttlMs: 60_000 }, 10);
  expect(left.map((item) => item.payload)).toEqual([{ campaign_id: created.body.id, step: 'schedule' }]);
  await work.close();

  await server.resume();
  await renewToken(server, business);
  // Past the campaign kind's first retry delay (1 s and its jitter), well inside the lease's minute.
  clock.advance(1_500);
  let campaign = created.body;
  for (let tries = 0; tries < 200 && campaign.status !== 'sent'; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    campaign = (await server.request<CampaignBody>('GET', `${campaigns}/${created.body.id}`, { token: business.token })).body;
  }
  expect(campaign).toMatchObject({ status: 'sent', stats: { recipients: 2, delivered: 0, not_installed: 2, quota_limited: 0, failed: 0 } });
});

/**
 * "Send now" records the campaign's send item before it moves the campaign to sending, so that no crash
 * leaves a campaign sending with nothing to send it. A runner may take the item up in between: the
 * sender then waits for the move and sends, rather than leaving the campaign to a retry's delay (which,
 * on a clock that does not move, never comes).
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { EventStore } from '@passes/event-store';
import { streamNames } from '@passes/domain';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';

/** How long the campaign's appends are held while its send is asked for: the runner looks for due work far more often. */
const MOVE_DELAY_MS = 300;

let server: TestServer, business: TestBusiness;
let holdCampaign: string | null = null;

/** The server's own event store, whose appends to the held campaign's stream land MOVE_DELAY_MS late. */
function slowOnHeldCampaign(opened: EventStore): EventStore {
  return new Proxy(opened, {
    get(target, property, receiver) {
      if (property === 'append') {
        return async (...args: Parameters<EventStore['append']>) => {
          if (holdCampaign !== null && args[0] === streamNames.campaign(holdCampaign)) await new Promise((resolve) => setTimeout(resolve, MOVE_DELAY_MS));
          return target.append(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  server = await TestServer.start(undefined, { workPollIntervalMs: 20 }, { wrapEvents: slowOnHeldCampaign });
  business = await registerBusiness(server);
}, 60_000);
afterAll(() => server?.stop());

it('sends a campaign whose item a runner took up before the move to sending landed', async () => {
  await issuePass(server, business);
  await issuePass(server, business);
  const campaigns = `/businesses/${business.businessId}/campaigns`;
  const created = await server.request<{ id: string }>('POST', campaigns, { token: business.token, body: { name: 'Friday', message: { header: 'Double stamps', body: 'This Friday only.' } } });
  expect(created.status).toBe(201);

  holdCampaign = created.body.id;
  const send = await server.request<{ status: string }>('POST', `${campaigns}/${created.body.id}/send`, { token: business.token });
  holdCampaign = null;
  expect([200, 202]).toContain(send.status);

  const deadline = Date.now() + 10_000;
  let campaign = { status: '', stats: {} };
  while (campaign.status !== 'sent' && Date.now() < deadline) {
    campaign = (await server.request<typeof campaign>('GET', `${campaigns}/${created.body.id}`, { token: business.token })).body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(campaign).toMatchObject({ status: 'sent', stats: { recipients: 2, not_installed: 2, failed: 0 } });
});

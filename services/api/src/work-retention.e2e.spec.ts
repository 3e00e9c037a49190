/**
 * Settled background work is kept for the retention (30 days unless PASSES_WORK_RETENTION_DAYS says
 * otherwise), then removed by the engine's hourly sweep: on the real embedded stack, a webhook's delivery
 * log forgets a delivery 30 days after it was made and keeps the later ones. Time moves by the injected
 * clock; the runner looks every 20 ms.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createApiKey, registerBusiness, registerWebhook, type TestBusiness } from './testing/fixtures';
import { ManualClock } from './testing/manual-clock';
import { TestServer } from './testing/test-server';
import { WebhookReceiver } from './testing/webhook-receiver';
import type { PassBody } from './testing/wire-types';

const DAY_MS = 86_400_000;

interface DeliveryBody {
  id: string;
  status: string;
}

let server: TestServer, business: TestBusiness, receiver: WebhookReceiver, apiKey: string;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = await TestServer.start(clock, { webhookAllowPrivate: true, webhookTimeoutMs: 2_000, workPollIntervalMs: 20 });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
  // Access tokens do not last the month this file moves through; an API key does.
  apiKey = (await createApiKey(server, business)).key;
  receiver = await WebhookReceiver.start(() => 204);
});
afterAll(async () => {
  await receiver.close();
  await server.stop();
});

async function issue(name: string): Promise<PassBody> {
  const issued = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, { apiKey, body: { template_id: business.templateId, customer_name: name } });
  expect(issued.status).toBe(201);
  return issued.body;
}

/** The webhook's delivery log, newest first: each delivery's id and status. */
async function deliveries(webhookId: string): Promise<string[]> {
  const log = await server.request<{ data: DeliveryBody[] }>('GET', `/businesses/${business.businessId}/webhooks/${webhookId}/deliveries`, { apiKey });
  expect(log.status).toBe(200);
  return log.body.data.map((delivery) => `${delivery.id} ${delivery.status}`);
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${what}`);
}

it('removes a delivery 30 days after it was made, at the next hourly sweep, and keeps the later ones', async () => {
  const webhook = await registerWebhook(server, business, receiver.url, ['pass.created']);
  await issue('First');
  const [first] = await receiver.waitFor(1);
  await until(async () => (await deliveries(webhook.id)).join() === `${first?.body.id} delivered`, 'the first delivered');

  clock.advance(29 * DAY_MS);
  await issue('Second');
  const second = (await receiver.waitFor(2))[1];
  const both = [`${second?.body.id} delivered`, `${first?.body.id} delivered`];
  await until(async () => (await deliveries(webhook.id)).join() === both.join(), 'the second delivered');

  // The first is a minute short of 30 days old: kept, however many sweeps run meanwhile.
  clock.advance(DAY_MS - 60_000);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await deliveries(webhook.id)).toEqual(both);

  clock.advance(2 * 3_600_000);
  await until(async () => (await deliveries(webhook.id)).length === 1, 'the first removed');
  expect(await deliveries(webhook.id)).toEqual([`${second?.body.id} delivered`]);
});

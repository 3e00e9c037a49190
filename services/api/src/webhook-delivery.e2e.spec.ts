/**
 * Webhook deliveries end to end: the real embedded stack delivers to real HTTP receivers on
 * 127.0.0.1. Retries are driven by moving the injected clock, never by sleeping.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { createApiKey, issuePass, registerBusiness, registerWebhook as registerWebhookOf, type TestBusiness } from './testing/fixtures';
import { ManualClock } from './testing/manual-clock';
import { TestServer } from './testing/test-server';
import { signaturesAreValid, WebhookReceiver, type Answer } from './testing/webhook-receiver';
import type { PassBody } from './testing/wire-types';

interface DeliveryBody {
  id: string;
  event: string;
  status: string;
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
}

const RETRIES_MS = [60_000, 300_000];
/** Past the longest retry delay and its jitter. */
const PAST_RETRY = 400_000;
/**
 * Long enough that a receiver's answer on loopback never misses it: a restarted service, busy starting on a
 * loaded CI machine, once let 300 ms pass before it read an answer that had come at once.
 */
const TIMEOUT_MS = 2_000;

let server: TestServer, business: TestBusiness;
const clock = new ManualClock(new Date());
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  server = await TestServer.start(clock, { webhookAllowPrivate: true, webhookRetryScheduleMs: RETRIES_MS, webhookTimeoutMs: TIMEOUT_MS, workPollIntervalMs: 20 });
  business = await registerBusiness(server);
  // Free allows one webhook (plans.e2e.spec.ts); these tests register many.
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());
afterEach(async () => Promise.all(receivers.splice(0).map((receiver) => receiver.close())));

async function receiver(answer?: (index: number) => Answer): Promise<WebhookReceiver> {
  const started = await WebhookReceiver.start(answer);
  receivers.push(started);
  return started;
}

const registerWebhook = (url: string, events?: string[]) => registerWebhookOf(server, business, url, events);

async function deliveries(webhookId: string): Promise<DeliveryBody[]> {
  const log = await server.request<{ data: DeliveryBody[] }>('GET', `/businesses/${business.businessId}/webhooks/${webhookId}/deliveries`, { token: business.token });
  expect(log.status).toBe(200);
  return log.body.data;
}

/** Reads the delivery log until `ready` holds (the attempt is recorded just after the receiver answers). */
async function deliveriesOnce(webhookId: string, ready: (log: DeliveryBody[]) => boolean): Promise<DeliveryBody[]> {
  for (let tries = 0; tries < 500; tries++) {
    const log = await deliveries(webhookId);
    if (ready(log)) return log;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`delivery log never got there: ${JSON.stringify(await deliveries(webhookId))}`);
}

const action = (passId: string, name: string, query = '') =>
  server.request('POST', `/businesses/${business.businessId}/passes/${passId}/${name}${query}`, { token: business.token });

describe('a receiver that answers 2xx', () => {
  it('gets {id, event, timestamp, data} once, signed over the raw body both ways; the log says delivered', async () => {
    const endpoint = await receiver(() => 204);
    const webhook = await registerWebhook(endpoint.url);
    const pass = await issuePass(server, business, { customer_name: 'Zoë Ångström', external_id: 'till-42' });

    const [delivery] = await endpoint.waitFor(1);
    expect(delivery?.body).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      event: 'pass.created',
      timestamp: pass.created_at,
      data: expect.objectContaining({ id: pass.id, serial_number: pass.serial_number, business_id: business.businessId, status: 'active', external_id: 'till-42' }),
    });
    expect(delivery?.rawBody.toString('utf8')).not.toContain('Zoë');
    expect(delivery && signaturesAreValid(delivery, webhook.secret)).toBe(true);
    expect(delivery?.headers['webhook-id']).toBe(delivery?.body.id);
    // The clock of this file starts at the real time, as the off-the-shelf verifier checks the timestamp.
    expect(new Webhook(webhook.secret).verify(delivery?.rawBody ?? '', delivery?.headers as Record<string, string>)).toEqual(delivery?.body);

    const log = await deliveriesOnce(webhook.id, (entries) => entries[0]?.status === 'delivered');
    expect(log).toEqual([
      expect.objectContaining({ id: delivery?.body.id, event: 'pass.created', status: 'delivered', attempts: 1, last_response_code: 204, next_attempt_at: null }),
    ]);
  });

  it('says whether the pass is live or sandbox', async () => {
    const endpoint = await receiver();
    await registerWebhook(endpoint.url);
    const sandboxKey = await createApiKey(server, business, 'test');
    const live = await issuePass(server, business);
    const sandbox = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes`, {
      apiKey: sandboxKey.key,
      body: { template_id: business.templateId },
    });
    const received = await endpoint.waitFor(2);
    const modeOf = (passId: string) => received.find((delivery) => delivery.body.data.id === passId)?.body.data.mode;
    expect([modeOf(live.id), modeOf(sandbox.body.id)]).toEqual(['live', 'test']);
  });

  it('gets reward.earned and reward.redeemed with the pass fields and the reward, also when it lists no events', async () => {
    const chosen = await receiver();
    const everything = await receiver();
    await registerWebhook(chosen.url, ['reward.earned', 'reward.redeemed']);
    await registerWebhook(everything.url);
    const milestone = await server.request<{ id: string }>('POST', `/businesses/${business.businessId}/milestones`, {
      token: business.token,
      body: { template_id: business.templateId, name: 'Two visits', metric: 'stamps', threshold: 2, reward: { title: 'A free coffee' } },
    });
    const pass = await issuePass(server, business);
    const stamped = await server.request<PassBody>('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=2`, { token: business.token });
    const rewardId = stamped.body.rewards[0]?.id;
    await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/rewards/${rewardId}/redeem`, { token: business.token });

    const received = await chosen.waitFor(2);
    const reward = { id: rewardId, milestone_id: milestone.body.id, title: 'A free coffee' };
    // Deliveries may arrive in any order.
    const byEvent = received.map((delivery) => delivery.body).sort((a, b) => a.event.localeCompare(b.event));
    expect(byEvent).toEqual([
      expect.objectContaining({ event: 'reward.earned', data: expect.objectContaining({ id: pass.id, stamps: 2, reward }) }),
      expect.objectContaining({ event: 'reward.redeemed', data: expect.objectContaining({ id: pass.id, stamps: 0, reward }) }),
    ]);
    const all = await everything.waitFor(4);
    expect(all.map((delivery) => delivery.body.event).sort()).toEqual(['pass.created', 'pass.updated', 'reward.earned', 'reward.redeemed']);
    await server.request('DELETE', `/businesses/${business.businessId}/milestones/${milestone.body.id}`, { token: business.token });
  });

  it('gets campaign.sent once a campaign is sent, with its stats', async () => {
    const chosen = await receiver();
    await registerWebhook(chosen.url, ['campaign.sent']);
    const campaigns = `/businesses/${business.businessId}/campaigns`;
    const created = await server.request<{ id: string }>('POST', campaigns, {
      token: business.token,
      body: { name: 'Double stamps', message: { header: 'Double stamps', body: 'This Friday only.' }, audience: { min_stamps: 1_000_000 } },
    });
    await server.request('POST', `${campaigns}/${created.body.id}/send`, { token: business.token });
    const [delivery] = await chosen.waitFor(1);
    expect(delivery?.body).toEqual({
      id: expect.any(String),
      event: 'campaign.sent',
      timestamp: expect.any(String),
      data: { id: created.body.id, business_id: business.businessId, name: 'Double stamps', stats: { recipients: 0, delivered: 0, not_installed: 0, quota_limited: 0, failed: 0 } },
    });
  });

  it('the Node snippet of docs/webhooks.md verifies a real delivery, and the doc quotes it as it is', async () => {
    const snippetFile = path.join(__dirname, '../../../docs/examples/verify-webhook.js');
    const { verifyWebhook } = require(snippetFile) as { verifyWebhook: (rawBody: Buffer, signature: unknown, secret: string) => boolean };
    expect(fs.readFileSync(path.join(__dirname, '../../../docs/webhooks.md'), 'utf8')).toContain(fs.readFileSync(snippetFile, 'utf8'));

    const endpoint = await receiver();
    const webhook = await registerWebhook(endpoint.url);
    await issuePass(server, business);
    const [delivery] = await endpoint.waitFor(1);
    expect(verifyWebhook(delivery?.rawBody ?? Buffer.alloc(0), delivery?.headers['x-service-signature'], webhook.secret)).toBe(true);
    expect(verifyWebhook(Buffer.from(`${delivery?.rawBody.toString()} `), delivery?.headers['x-service-signature'], webhook.secret)).toBe(false);
  });

  it('gets a delivery again, with the same id and body, when it is retried by hand', async () => {
    const endpoint = await receiver();
    const webhook = await registerWebhook(endpoint.url);
    await issuePass(server, business);
    const [first] = await endpoint.waitFor(1);
    const [delivered] = await deliveriesOnce(webhook.id, (log) => log[0]?.status === 'delivered');
    const retried = await server.request<DeliveryBody>('POST', `/businesses/${business.businessId}/webhooks/${webhook.id}/deliveries/${delivered?.id}/retry`, {
      token: business.token,
    });
    expect(retried).toMatchObject({ status: 202, body: { id: delivered?.id, status: 'pending' } });
    const [, again] = await endpoint.waitFor(2);
    expect(again?.rawBody.equals(first?.rawBody ?? Buffer.alloc(0))).toBe(true);
    expect(again && signaturesAreValid(again, webhook.secret)).toBe(true);
    await deliveriesOnce(webhook.id, (log) => log[0]?.attempts === 2 && log[0].status === 'delivered');
    const unknown = await server.request('POST', `/businesses/${business.businessId}/webhooks/${webhook.id}/deliveries/evt_missing/retry`, { token: business.token });
    expect(unknown.status).toBe(404);
  });
});

describe('retries', () => {
  it('a 500 is retried after the first delay with the same event id and bytes, then delivered', async () => {
    const endpoint = await receiver((index) => (index === 0 ? 500 : 200));
    const webhook = await registerWebhook(endpoint.url);
    await issuePass(server, business);
    await endpoint.waitFor(1);
    const [pending] = await deliveriesOnce(webhook.id, (log) => log[0]?.attempts === 1);
    expect(pending).toMatchObject({ status: 'pending', last_response_code: 500 });
    const due = Date.parse(pending?.next_attempt_at ?? '') - clock.now().getTime();
    expect(due).toBeGreaterThanOrEqual(RETRIES_MS[0] ?? 0);
    expect(due).toBeLessThanOrEqual((RETRIES_MS[0] ?? 0) * 1.1);

    clock.advance(PAST_RETRY);
    const [first, second] = await endpoint.waitFor(2);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.rawBody.equals(first?.rawBody ?? Buffer.alloc(0))).toBe(true);
    expect(second && signaturesAreValid(second, webhook.secret)).toBe(true);
    await deliveriesOnce(webhook.id, (log) => log[0]?.status === 'delivered' && log[0].attempts === 2 && log[0].last_response_code === 200);
  });

  it('a receiver that hangs past the timeout is retried', async () => {
    const endpoint = await receiver((index) => (index === 0 ? 'hang' : 200));
    const webhook = await registerWebhook(endpoint.url);
    await issuePass(server, business);
    const [pending] = await deliveriesOnce(webhook.id, (log) => log[0]?.attempts === 1);
    expect(pending).toMatchObject({ status: 'pending', last_response_code: null, last_error: `no answer within ${TIMEOUT_MS} ms` });
    clock.advance(PAST_RETRY);
    await endpoint.waitFor(2);
    await deliveriesOnce(webhook.id, (log) => log[0]?.status === 'delivered' && log[0].attempts === 2);
  });

  it('a refused connection is retried per the schedule, then the delivery fails', async () => {
    const closed = await receiver();
    const url = closed.url;
    await closed.close();
    const webhook = await registerWebhook(url);
    await issuePass(server, business);
    const [first] = await deliveriesOnce(webhook.id, (log) => log[0]?.attempts === 1);
    expect(first).toMatchObject({ status: 'pending', last_response_code: null, last_error: expect.stringContaining('ECONNREFUSED') });
    clock.advance(PAST_RETRY);
    await deliveriesOnce(webhook.id, (log) => log[0]?.attempts === 2);
    clock.advance(PAST_RETRY);
    const [last] = await deliveriesOnce(webhook.id, (log) => log[0]?.attempts === 3);
    expect(last).toMatchObject({ status: 'failed', next_attempt_at: null });
  });

  it('a 410 Gone disables the webhook: nothing more is sent to it', async () => {
    const gone = await receiver(() => 410);
    const healthy = await receiver();
    const goneWebhook = await registerWebhook(gone.url);
    await registerWebhook(healthy.url);
    const pass = await issuePass(server, business);
    await gone.waitFor(1);
    await deliveriesOnce(goneWebhook.id, (log) => log[0]?.status === 'failed' && log[0].last_response_code === 410);
    for (let tries = 0; ; tries++) {
      const read = await server.request<{ status: string; disabled_reason: string }>('GET', `/businesses/${business.businessId}/webhooks/${goneWebhook.id}`, { token: business.token });
      if (read.body.status === 'disabled') {
        expect(read.body.disabled_reason).toBe('endpoint_gone');
        break;
      }
      if (tries > 500) throw new Error('webhook was never disabled');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await action(pass.id, 'redeem');
    // The healthy webhook's second delivery is recorded with whatever the gone one would have got.
    await healthy.waitFor(2);
    expect(await deliveries(goneWebhook.id)).toHaveLength(1);
    expect(gone.received).toHaveLength(1);
  });
});

describe('order and filters', () => {
  it('first attempts for one pass go out in event order', async () => {
    const endpoint = await receiver();
    await registerWebhook(endpoint.url);
    const pass = await issuePass(server, business, { initial_balance: 10 });
    await action(pass.id, 'stamp', '?count=2');
    await action(pass.id, 'topup', '?amount=5');
    await action(pass.id, 'checkin');
    await action(pass.id, 'redeem');
    await server.request('DELETE', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
    const received = await endpoint.waitFor(6);
    expect(received.map((delivery) => [delivery.body.event, delivery.body.data.status])).toEqual([
      ['pass.created', 'active'],
      ['pass.updated', 'active'],
      ['pass.updated', 'active'],
      ['pass.updated', 'checked_in'],
      ['pass.redeemed', 'redeemed'],
      ['pass.voided', 'voided'],
    ]);
    expect(received.map((delivery) => delivery.body.data['stamps'])).toEqual([0, 2, 2, 2, 2, 2]);
    expect(received.map((delivery) => delivery.body.data['balance'])).toEqual([10, 10, 15, 15, 15, 15]);
    expect(new Set(received.map((delivery) => delivery.body.id)).size).toBe(6);
  });

  it('a webhook gets only the events it subscribed to', async () => {
    const voidedOnly = await receiver();
    const everything = await receiver();
    await registerWebhook(voidedOnly.url, ['pass.voided']);
    await registerWebhook(everything.url);
    const pass = await issuePass(server, business);
    await action(pass.id, 'redeem');
    await server.request('DELETE', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token });
    await everything.waitFor(3);
    const [only] = await voidedOnly.waitFor(1);
    expect(only?.body).toMatchObject({ event: 'pass.voided', data: { id: pass.id, status: 'voided' } });
    expect(voidedOnly.received).toHaveLength(1);
  });
});

describe('a restart with retries pending', () => {
  it('keeps the retry and sends it after the restart, with the same event id', async () => {
    const endpoint = await receiver((index) => (index === 0 ? 503 : 200));
    const webhook = await registerWebhook(endpoint.url);
    await issuePass(server, business);
    await deliveriesOnce(webhook.id, (log) => log[0]?.attempts === 1 && log[0].status === 'pending');
    await server.restart();
    clock.advance(PAST_RETRY);
    const [first, second] = await endpoint.waitFor(2);
    expect(second?.body.id).toBe(first?.body.id);
    expect(second && signaturesAreValid(second, webhook.secret)).toBe(true);
    await deliveriesOnce(webhook.id, (log) => log[0]?.status === 'delivered' && log[0].attempts === 2);
  });
});

describe('a slow receiver', () => {
  it('never delays deliveries to other webhooks', async () => {
    const patient = await TestServer.start(new ManualClock(), { webhookAllowPrivate: true, webhookTimeoutMs: 60_000, workPollIntervalMs: 20 });
    try {
      const owner = await registerBusiness(patient);
      await patient.changePlan(owner.businessId, 'pro');
      const slow = await receiver(() => 'hang');
      const fast = await receiver();
      await registerWebhookOf(patient, owner, slow.url);
      await registerWebhookOf(patient, owner, fast.url);
      await issuePass(patient, owner);
      await issuePass(patient, owner);
      await slow.waitFor(1);
      await fast.waitFor(2);
      // Both of the fast receiver's deliveries arrived while the slow one still held its first request.
      expect(slow.held).toBe(1);
      expect(slow.received).toHaveLength(1);
      slow.release();
      await slow.waitFor(2);
    } finally {
      await patient.stop();
    }
  });
});

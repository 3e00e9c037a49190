/**
 * Prometheus metrics of the real embedded stack, scraped from their own listener: request durations by
 * route pattern and status, append latency, projection lag, background work backlog and lag, webhook failures, rate-limit
 * refusals. The public listener never serves them.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listenForScrapes, PrometheusMetrics, type MetricsListener } from '@passes/runtime';
import { issuePass, registerBusiness, registerWebhook, type TestBusiness } from './testing/fixtures';
import { sampleOf } from './testing/prometheus-text';
import { TestServer } from './testing/test-server';
import { WebhookReceiver } from './testing/webhook-receiver';

const PER_MINUTE = 10;

let server: TestServer, business: TestBusiness, listener: MetricsListener, receiver: WebhookReceiver;

beforeAll(async () => {
  const metrics = new PrometheusMetrics();
  server = await TestServer.start(undefined, { rateLimitPerMinute: PER_MINUTE, webhookAllowPrivate: true, workPollIntervalMs: 20 }, { metrics });
  listener = await listenForScrapes({ port: 0, host: '127.0.0.1' }, metrics);
  receiver = await WebhookReceiver.start(() => 500);
  business = await registerBusiness(server);
});
afterAll(async () => {
  await listener.close();
  await receiver.close();
  await server.stop();
});

async function scrape(): Promise<string> {
  const response = await fetch(listener.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** Scrapes until `ready` holds for the text (the dispatcher records attempts after the receiver answers). */
async function scrapeUntil(ready: (text: string) => boolean): Promise<string> {
  for (let tries = 0; tries < 500; tries++) {
    const text = await scrape();
    if (ready(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the metrics never showed what was expected');
}

describe('the metrics listener', () => {
  it('times requests by method, route pattern and status, with no ids in any label', async () => {
    const pass = await issuePass(server, business);
    const issued = { method: 'POST', route: '/api/v1/businesses/:business_id/passes', status: '201' };
    // A request is counted once its connection is done with it, just after the answer went out.
    const text = await scrapeUntil((current) => sampleOf(current, 'passes_http_request_duration_seconds_count', issued) !== null);
    expect(sampleOf(text, 'passes_http_request_duration_seconds_count', issued)).toBe(1);
    expect(sampleOf(text, 'passes_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/auth/register', status: '201' })).toBe(1);
    expect(text).not.toContain(pass.id);
    expect(text).not.toContain(business.businessId);
  });

  it('times appends to the event store and shows each projection’s lag', async () => {
    const text = await scrape();
    expect(sampleOf(text, 'passes_event_store_append_duration_seconds_count', { outcome: 'appended' })).toBeGreaterThanOrEqual(3);
    for (const projection of ['passes', 'businesses', 'users', 'api_keys', 'templates', 'webhooks', 'milestones', 'business_usage']) {
      expect(sampleOf(text, 'passes_projection_lag_events', { projection })).toBe(0);
    }
  });

  it('counts failed webhook attempts and the deliveries waiting for a retry', async () => {
    await registerWebhook(server, business, receiver.url);
    await issuePass(server, business);
    const text = await scrapeUntil((current) => (sampleOf(current, 'passes_webhook_attempts_total', { outcome: 'retrying' }) ?? 0) >= 1);
    expect(sampleOf(text, 'passes_work_backlog_items', { kind: 'webhook.delivery' })).toBeGreaterThanOrEqual(1);
    // Every kind the process's runner does has its series, at 0 while nothing waits; a kind it does not do (no wallet here) has none.
    expect(sampleOf(text, 'passes_work_lag_seconds', { kind: 'analytics.export' })).toBe(0);
    expect(sampleOf(text, 'passes_work_lag_seconds', { kind: 'wallet.notification' })).toBeNull();
    expect(sampleOf(text, 'passes_webhook_attempts_total', { outcome: 'delivered' })).toBeNull();
  });

  it('counts rate-limit refusals', async () => {
    let refused = 0;
    for (let i = 0; i < PER_MINUTE + 1; i++) if ((await server.request('GET', '/businesses/me', { token: business.token })).status === 429) refused++;
    expect(refused).toBeGreaterThanOrEqual(1);
    const limited = { method: 'GET', route: '/api/v1/businesses/me', status: '429' };
    const text = await scrapeUntil((current) => sampleOf(current, 'passes_http_request_duration_seconds_count', limited) === refused);
    expect(sampleOf(text, 'passes_rate_limit_refusals_total', { scope: 'credential' })).toBe(refused);
  });

  it('carries Node’s process metrics too', async () => {
    expect(sampleOf(await scrape(), 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(listener.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
  });
});

describe('the public listener', () => {
  it('does not serve the metrics', async () => {
    expect((await fetch(`${server.rootUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
  });
});

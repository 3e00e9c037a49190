/**
 * The distributed profile as separate processes on loopback, as docker-compose.yml runs it: two API
 * processes, one projector, one relay and two webhook dispatchers, over one shared SQLite event store
 * file (PASSES_EVENT_STORE=sqlite), the MongoDB-wire server and the Kafka broker the test run started.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithServers } from '@passes/testkit';
import sharp from 'sharp';
import { sampleOf } from './testing/prometheus-text';
import { callAs, registerOwner, type ProcessOwner } from './testing/process-owner';
import { distributedTestEnv } from './testing/distributed-test-env';
import { until } from './testing/eventually';
import { ServiceProcess, type ServiceKind } from './testing/service-process';
import { WebhookReceiver } from './testing/webhook-receiver';
import type { PassBody, TemplateBody } from './testing/wire-types';

describeWithServers(['mongodb', 'kafka'], 'the distributed topology as separate processes', (servers) => {
  const { env, dataDir, run } = distributedTestEnv('topology', servers, { PASSES_WEBHOOK_ALLOW_PRIVATE: 'true', PASSES_METRICS_PORT: '0' });
  const processes = new Map<string, ServiceProcess>();
  const service = (name: string, kind: ServiceKind) => {
    const created = new ServiceProcess(name, kind, env);
    processes.set(name, created);
    return created;
  };
  const api1 = service('api-1', 'api');
  const api2 = service('api-2', 'api');
  const projector = service('projector', 'projector');
  const relay = service('relay', 'relay');
  const dispatcher1 = service('dispatcher-1', 'dispatcher');
  const dispatcher2 = service('dispatcher-2', 'dispatcher');
  let receiver: WebhookReceiver;
  let owner: ProcessOwner;
  const call = <Body>(api: ServiceProcess, method: string, pathname: string, body?: unknown) => callAs<Body>(owner, api, method, pathname, body);

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    // The projector first: the API processes wait for its read models on every command.
    await projector.start();
    await Promise.all([api1.start(), api2.start(), relay.start(), dispatcher1.start(), dispatcher2.start()]);
    owner = await registerOwner(api1, api2, 'Topology Café');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...processes.values()].map((running) => running.kill('SIGTERM')));
    await receiver?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const passes = () => `/businesses/${owner.businessId}/passes`;

  it('answers a read on one API process with a write acknowledged by the other', async () => {
    for (let round = 0; round < 10; round += 1) {
      const issued = await call<PassBody>(api1, 'POST', passes(), { template_id: owner.templateId, external_id: `rw-${round}` });
      expect(issued.status).toBe(201);
      const read = await call<PassBody>(api2, 'GET', `${passes()}/rw-${round}`);
      expect(read.status).toBe(200);
      const stamped = await call<PassBody>(api2, 'POST', `${passes()}/rw-${round}/stamp?count=2`);
      expect(stamped.body.stamps).toBe(2);
      expect((await call<PassBody>(api1, 'GET', `${passes()}/${issued.body.id}`)).body.stamps).toBe(2);
    }
  });

  it('answers a write the read models did not reach within the bound with 202 and Retry-After, and it is readable once they do', async () => {
    projector.pause();
    let issued: Response;
    try {
      issued = await fetch(`${api1.url}${passes()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: owner.templateId, external_id: `lagging-${run}` }),
      });
    } finally {
      projector.resume();
    }
    expect(issued.status).toBe(202);
    expect(issued.headers.get('retry-after')).toBe('1');
    const decided = (await issued.json()) as PassBody;
    expect(decided).toMatchObject({ external_id: `lagging-${run}`, status: 'active' });
    let read = await call<PassBody>(api2, 'GET', `${passes()}/lagging-${run}`);
    for (let attempt = 0; read.status !== 200 && attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await call<PassBody>(api2, 'GET', `${passes()}/lagging-${run}`);
    }
    expect(read).toMatchObject({ status: 200, body: { id: decided.id } });
    // With the projector following again, a write is readable at once, as before.
    expect((await call<PassBody>(api1, 'POST', `${passes()}/lagging-${run}/stamp`)).status).toBe(200);
  }, 60_000);

  it('absorbs 200 simultaneous stamps on one pass through both API processes: all succeed, none lost', async () => {
    const issued = await call<PassBody>(api1, 'POST', passes(), { template_id: owner.templateId });
    const stamp = (api: ServiceProcess, index: number) =>
      fetch(`${api.url}${passes()}/${issued.body.id}/stamp`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': `hot-${run}-${index}` } });
    // Each process serialises its own stamps; between the two, the loser of an append backs off and decides again.
    const replies = await Promise.all(Array.from({ length: 200 }, (_, index) => stamp(index % 2 === 0 ? api1 : api2, index)));
    expect(replies.map((reply) => reply.status).filter((status) => status !== 200)).toEqual([]);
    expect((await call<PassBody>(api2, 'GET', `${passes()}/${issued.body.id}`)).body.stamps).toBe(200);
  }, 60_000);

  it('delivers every event to the webhook at least once while a dispatcher is killed mid-stream; a repeat carries the same id', async () => {
    const webhook = await call<{ id: string }>(api1, 'POST', `/businesses/${owner.businessId}/webhooks`, { url: receiver.url, events: ['pass.created', 'pass.updated'] });
    expect(webhook.status).toBe(201);
    const issuedIds: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const issued = await call<PassBody>(index % 2 === 0 ? api1 : api2, 'POST', passes(), { template_id: owner.templateId });
      issuedIds.push(issued.body.id);
      await call<PassBody>(api1, 'POST', `${passes()}/${issued.body.id}/stamp`);
      if (index === 4) await dispatcher1.kill('SIGKILL');
    }
    // Two events (issued, stamped) per pass, each delivered at least once.
    await receiver.waitForDistinct(issuedIds.length * 2, 90_000);
    const byPass = new Map<string, Set<string>>();
    for (const delivery of receiver.received) {
      const ids = byPass.get(delivery.body.data.id) ?? new Set<string>();
      ids.add(`${delivery.body.event}:${delivery.body.id}`);
      byPass.set(delivery.body.data.id, ids);
    }
    for (const id of issuedIds) expect([...(byPass.get(id) ?? [])].map((entry) => entry.split(':')[0]).sort()).toEqual(['pass.created', 'pass.updated']);
    for (const delivery of receiver.received) expect(delivery.headers['webhook-id']).toBe(delivery.body.id);
    await dispatcher1.start();
  }, 120_000);

  it('loses no document and doubles none when the projector is killed and restarted', async () => {
    const writes = Array.from({ length: 8 }, (_, index) => call<PassBody>(index % 2 === 0 ? api1 : api2, 'POST', passes(), { template_id: owner.templateId, customer_email: `kill-${run}@example.com` }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await projector.kill('SIGKILL');
    await projector.start();
    const issued = await Promise.all(writes);
    // 202 is the answer the API gives when the restarted projector takes longer than its bounded wait: the
    // write is durable, and the read models have it once the projector catches up (docs/api.md).
    for (const response of issued) expect([201, 202]).toContain(response.status);
    const ids = issued.map((response) => response.body.id).sort();
    const lookup = async () => (await call<{ id: string }[]>(api2, 'GET', `${passes()}/lookup/email/kill-${run}@example.com`)).body.map((pass) => pass.id).sort();
    if (issued.some((response) => response.status === 202)) await until(async () => (await lookup()).length >= ids.length, 'the restarted projector to catch up', 30_000);
    expect(await lookup()).toEqual(ids);
  }, 60_000);

  it('lets the passes CLI work on the distributed stores: the next request sees what it recorded', async () => {
    const cli = path.resolve(__dirname, '../../cli/bin/passes.js');
    const passesCli = (...args: string[]) => execFileSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(passesCli('admin', 'set-plan', owner.businessId, 'pro')).toContain('pro plan');
    expect((await call<{ plan: string }>(api2, 'GET', '/businesses/me')).body.plan).toBe('pro');
    const status = JSON.parse(passesCli('projections', 'status', '--json')) as { name: string; state: string }[];
    expect(status.map((row) => row.state)).toEqual(status.map(() => 'live'));
  });

  it('earns a reward from a milestone made on the other API process, and lets exactly one of two redeems through the two win', async () => {
    const milestone = await call<{ id: string }>(api1, 'POST', `/businesses/${owner.businessId}/milestones`, {
      template_id: owner.templateId,
      name: 'Coffee round',
      metric: 'stamps',
      threshold: 3,
      reward: { title: 'A free coffee' },
    });
    expect(milestone.status).toBe(201);
    const issued = await call<PassBody>(api1, 'POST', passes(), { template_id: owner.templateId });
    const stamped = await call<PassBody>(api2, 'POST', `${passes()}/${issued.body.id}/stamp?count=4`);
    expect(stamped.body.rewards).toMatchObject([{ milestone_id: milestone.body.id, title: 'A free coffee', status: 'available' }]);
    const redeem = `${passes()}/${issued.body.id}/rewards/${stamped.body.rewards[0]?.id}/redeem`;
    const replies = await Promise.all([call(api1, 'POST', redeem), call(api2, 'POST', redeem)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const after = await call<PassBody>(api1, 'GET', `${passes()}/${issued.body.id}`);
    expect(after.body).toMatchObject({ stamps: 1, rewards: [{ status: 'redeemed' }], next_reward: { remaining: 2 } });
    expect((await call(api2, 'DELETE', `/businesses/${owner.businessId}/milestones/${milestone.body.id}`)).status).toBe(200);
  });

  it('sends a campaign made on one API process and sent on the other once, from one of the two dispatchers, each pass messaged once', async () => {
    const campaigns = `/businesses/${owner.businessId}/campaigns`;
    const created = await call<{ id: string }>(api1, 'POST', campaigns, { name: 'Friday', message: { header: 'Double stamps', body: 'This Friday only.' } });
    expect(created.status).toBe(201);
    expect((await call(api2, 'POST', `${campaigns}/${created.body.id}/send`)).status).toBe(202);
    type Sent = { status: string; stats: { recipients: number; delivered: number; not_installed: number; quota_limited: number; failed: number } };
    let campaign = await call<Sent>(api1, 'GET', `${campaigns}/${created.body.id}`);
    while (campaign.body.status !== 'sent') campaign = await call<Sent>(api1, 'GET', `${campaigns}/${created.body.id}`);
    const { recipients, delivered, not_installed, quota_limited, failed } = campaign.body.stats;
    expect(recipients).toBeGreaterThan(0);
    expect(delivered + not_installed + quota_limited + failed).toBe(recipients);
    const listed = await call<{ data: { pass_id: string }[] }>(api2, 'GET', `${campaigns}/${created.body.id}/recipients?limit=200`);
    const first = listed.body.data[0]?.pass_id ?? '';
    const history = await call<{ data: { type: string }[] }>(api1, 'GET', `${passes()}/${first}/events`);
    expect(history.body.data.filter((event) => event.type === 'MessageSent')).toHaveLength(1);
  });
  it('fires an automation made on one API process once on every pass issued through both, while a runner is killed', async () => {
    const rule = await call<{ id: string }>(api2, 'POST', `/businesses/${owner.businessId}/automations`, {
      name: 'Welcome points',
      template_id: owner.templateId,
      trigger: { type: 'pass_issued' },
      actions: [{ type: 'add_points', points: 10 }],
    });
    expect(rule.status).toBe(201);
    const issuedIds: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const issued = await call<PassBody>(index % 2 === 0 ? api1 : api2, 'POST', passes(), { template_id: owner.templateId });
      issuedIds.push(issued.body.id);
      if (index === 2) await dispatcher2.kill('SIGKILL');
    }
    const deadline = Date.now() + 90_000;
    const points = async () => Promise.all(issuedIds.map(async (id) => (await call<PassBody>(api1, 'GET', `${passes()}/${id}`)).body.points));
    while ((await points()).some((value) => value !== 10) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await points()).toEqual(issuedIds.map(() => 10));
    for (const id of issuedIds) {
      const history = await call<{ data: { type: string; actor: string }[] }>(api2, 'GET', `${passes()}/${id}/events`);
      expect(history.body.data.filter((event) => event.type === 'AutomationRan')).toEqual([expect.objectContaining({ actor: `automation:${rule.body.id}` })]);
    }
    await dispatcher2.start();
    expect((await call(api1, 'PATCH', `/businesses/${owner.businessId}/automations/${rule.body.id}`, { enabled: false })).status).toBe(200);
  }, 120_000);
  it('keeps a template image uploaded on one API process where the other serves it, byte for byte', async () => {
    const logo = await sharp({ create: { width: 320, height: 100, channels: 3, background: '#0b5fff' } }).png().toBuffer();
    const uploaded = await fetch(`${api1.url}/businesses/${owner.businessId}/templates/${owner.templateId}/images/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png' },
      body: new Uint8Array(logo),
    });
    expect(uploaded.status).toBe(200);
    const { images } = (await uploaded.json()) as TemplateBody;
    const file = new URL(images.logo?.url ?? '').pathname;
    const root = (api: ServiceProcess) => api.url.replace(/\/api\/v1$/, '');
    const [fromFirst, fromSecond] = await Promise.all([fetch(`${root(api1)}${file}`), fetch(`${root(api2)}${file}`)]);
    expect([fromFirst.status, fromSecond.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(Buffer.from(await fromFirst.arrayBuffer()));
    expect((await call<TemplateBody>(api2, 'GET', `/businesses/${owner.businessId}/templates/${owner.templateId}`)).body.images.logo?.hash).toBe(images.logo?.hash);
  });

  it('reports each dependency and each projection on /readyz', async () => {
    const ready = await fetch(`${api1.url.replace(/\/api\/v1$/, '')}/readyz`);
    const body = (await ready.json()) as { status: string; dependencies: Record<string, string>; projections: { name: string; caught_up: boolean }[] };
    expect(body.dependencies).toEqual({ event_store: 'ok', read_store: 'ok', work_store: 'ok' });
    expect(body.projections.map((projection) => projection.name).sort()).toEqual(['analytics', 'analytics_exports', 'api_keys', 'automation_runs', 'automation_stats', 'automations', 'business_usage', 'businesses', 'campaign_recipients', 'campaigns', 'milestones', 'passes', 'payments', 'templates', 'users', 'webhooks']);
  });

  it('serves each process’s metrics on a listener of its own, and stops each on SIGTERM with exit code 0', async () => {
    const scrape = async (running: ServiceProcess) => (await fetch(running.metricsUrl)).text();
    const created = { method: 'POST', route: '/api/v1/businesses/:business_id/passes', status: '201' };
    expect(sampleOf(await scrape(api1), 'passes_http_request_duration_seconds_count', created)).toBeGreaterThan(0);
    expect(sampleOf(await scrape(api1), 'passes_event_store_calls_total', { call: 'append' })).toBeGreaterThan(0);
    // Each command sent to MongoDB is counted: a read of a pass is at least one more `find`.
    const issued = await call<PassBody>(api1, 'POST', passes(), { template_id: owner.templateId });
    const finds = async () => sampleOf(await scrape(api1), 'passes_mongodb_commands_total', { command: 'find', collection: 'passes' }) ?? 0;
    const findsBefore = await finds();
    expect((await call(api1, 'GET', `${passes()}/${issued.body.id}`)).status).toBe(200);
    expect(await finds()).toBeGreaterThan(findsBefore);
    expect(sampleOf(await scrape(projector), 'passes_projection_lag_events', { projection: 'passes' })).not.toBeNull();
    expect(sampleOf(await scrape(dispatcher2), 'passes_follower_running', { follower: 'webhook-dispatcher' })).toBe(1);
    const dispatcherReady = await fetch(dispatcher2.metricsUrl.replace(/\/metrics$/, '/readyz'));
    expect(dispatcherReady.status).toBe(200);
    expect(await dispatcherReady.json()).toMatchObject({
      status: 'ready',
      followers: [expect.objectContaining({ follower: 'webhook-dispatcher', running: true }), expect.objectContaining({ follower: 'automations', running: true })],
    });
    expect(sampleOf(await scrape(dispatcher2), 'passes_work_backlog_items', { kind: 'webhook.delivery' })).not.toBeNull();
    expect(sampleOf(await scrape(relay), 'process_cpu_user_seconds_total')).not.toBeNull();
    const ended = await Promise.all([api1, api2, relay, dispatcher1, dispatcher2, projector].map((running) => running.kill('SIGTERM')));
    expect(ended).toEqual(ended.map(() => ({ code: 0, signal: null })));
  });
});

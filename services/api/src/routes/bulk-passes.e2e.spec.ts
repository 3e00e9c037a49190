/**
 * Bulk issue and bulk update (spec 2, 5 and "Bulk result shape"; DESIGN §5 Bulk), over real HTTP: items
 * succeed or fail on their own, results come back in request order, each pass is an ordinary pass.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createApiKey, issuePass, registerBusiness, registerWebhook, type TestBusiness } from '../testing/fixtures';
import { TestServer, type RequestOptions } from '../testing/test-server';
import { WebhookReceiver } from '../testing/webhook-receiver';
import type { BulkResultBody, BusinessBody, ErrorBody, HistoryBody, PassBody, ProFeatureBody } from '../testing/wire-types';

let server: TestServer;
let business: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start(undefined, { webhookAllowPrivate: true, workPollIntervalMs: 20 });
  business = await registerBusiness(server);
  await server.changePlan(business.businessId, 'pro');
});
afterAll(() => server.stop());

const passesPath = (b: TestBusiness = business) => `/businesses/${b.businessId}/passes`;
const bulk = (method: 'POST' | 'PATCH', body: unknown, options: RequestOptions = {}, b: TestBusiness = business) =>
  server.request<BulkResultBody & ErrorBody>(method, `${passesPath(b)}/bulk`, { token: b.token, ...options, body });
const getPass = (identifier: string, options: RequestOptions = { token: business.token }) =>
  server.request<PassBody>('GET', `${passesPath()}/${encodeURIComponent(identifier)}`, options);
const historyOf = async (passId: string) =>
  (await server.request<HistoryBody>('GET', `${passesPath()}/${passId}/events`, { token: business.token })).body.data.map((event) => event.type);
const livePasses = async () => (await server.request<BusinessBody>('GET', '/businesses/me', { token: business.token })).body.usage.passes;
const issueItem = (fields: Record<string, unknown> = {}) => ({ template_id: business.templateId, ...fields });
const createdIds = (body: BulkResultBody) => body.results.flatMap((result) => (result.status === 'created' ? [result.pass.id] : []));

describe('POST /businesses/{id}/passes/bulk', () => {
  it('issues the valid items of a mixed batch and reports every other item with its own error, in order', async () => {
    const existing = await issuePass(server, business, { external_id: 'bulk-existing' });
    const response = await bulk('POST', {
      passes: [
        issueItem({ customer_name: 'Ada', external_id: 'bulk-a', points: 5 }),
        issueItem({ customer_email: 'not an email', points: -1 }),
        issueItem({ external_id: 'bulk-existing' }),
        issueItem({ external_id: 'bulk-twice', customer_name: 'First' }),
        issueItem({ external_id: 'bulk-twice', customer_name: 'Second' }),
        issueItem({ template_id: 'no-such-template' }),
        'not an object',
        issueItem({ initial_balance: 12.5 }),
      ],
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 8, succeeded: 3, failed: 5 });
    expect(response.body.results.map((result) => [result.index, result.status])).toEqual([
      [0, 'created'],
      [1, 'error'],
      [2, 'error'],
      [3, 'created'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'created'],
    ]);
    const [, invalid, duplicate, , duplicateInBatch, unknownTemplate, notAnObject] = response.body.results;
    expect(invalid).toMatchObject({ error: { code: 'validation_error' } });
    const invalidPaths = invalid?.status === 'error' ? invalid.error.details?.map((detail) => detail.path) : [];
    expect(invalidPaths).toEqual(expect.arrayContaining(['customer_email', 'points']));
    expect(duplicate).toEqual({ index: 2, status: 'error', error: { code: 'duplicate_external_id', message: expect.stringContaining('bulk-existing') } });
    expect(duplicateInBatch).toEqual({ index: 4, status: 'error', error: { code: 'duplicate_external_id', message: expect.stringContaining('item 3') } });
    expect(unknownTemplate).toMatchObject({ error: { code: 'validation_error', details: [{ path: 'template_id' }] } });
    expect(notAnObject).toMatchObject({ error: { code: 'validation_error', details: [{ path: '' }] } });

    // Each created pass is an ordinary pass: readable, with its own history; the refused ones left nothing.
    const [first, , , fourth, , , , eighth] = response.body.results;
    expect(first).toEqual({ index: 0, status: 'created', pass: { id: expect.any(String), serial_number: expect.stringMatching(/^PS-/) } });
    expect(await getPass('bulk-a')).toMatchObject({ status: 200, body: { customer_name: 'Ada', points: 5, status: 'active' } });
    expect(await getPass('bulk-twice')).toMatchObject({ status: 200, body: { customer_name: 'First' } });
    expect(await getPass('bulk-existing')).toMatchObject({ status: 200, body: { id: existing.id } });
    if (eighth?.status !== 'created' || fourth?.status !== 'created') throw new Error('expected items 3 and 7 to be created');
    expect(await getPass(eighth.pass.id)).toMatchObject({ status: 200, body: { balance: 12.5, serial_number: eighth.pass.serial_number } });
    for (const id of createdIds(response.body)) expect(await historyOf(id)).toEqual(['PassIssued']);
  });

  it('answers in request order, each result naming the pass its item made', async () => {
    const tag = randomUUID();
    const items = Array.from({ length: 60 }, (_, index) => issueItem({ external_id: `${tag}-${index}` }));
    const response = await bulk('POST', { passes: items });
    expect(response.body).toMatchObject({ total: 60, succeeded: 60, failed: 0 });
    expect(response.body.results.map((result) => result.index)).toEqual(items.map((_, index) => index));
    for (const [index, id] of createdIds(response.body).entries()) {
      expect((await getPass(id)).body.external_id).toBe(`${tag}-${index}`);
    }
  });

  it('takes 500 items, and refuses an empty list, 501 items or a body that is not {passes: [...]} with 422', async () => {
    const before = await livePasses();
    const full = await bulk('POST', { passes: Array.from({ length: 500 }, () => issueItem()) });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ total: 500, succeeded: 500, failed: 0 });
    expect(new Set(createdIds(full.body)).size).toBe(500);
    expect(await livePasses()).toBe(before + 500);

    for (const body of [{ passes: [] }, { passes: Array.from({ length: 501 }, () => issueItem()) }]) {
      const refused = await bulk('POST', body);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'validation_error', details: [{ path: 'passes' }] });
    }
    for (const body of [issueItem(), [issueItem()], { passes: issueItem() }, { passes: [issueItem()], dry_run: true }]) {
      expect((await bulk('POST', body)).status).toBe(422);
    }
    expect(await livePasses()).toBe(before + 500);
  });

  it('issues sandbox passes with a pb_test_ key, out of sight of live keys', async () => {
    const sandbox = await createApiKey(server, business, 'test');
    const live = await createApiKey(server, business, 'live');
    const response = await bulk('POST', { passes: [issueItem({ external_id: 'bulk-sandbox' })] }, { token: undefined, apiKey: sandbox.key });
    expect(response.body).toMatchObject({ succeeded: 1 });
    expect(await getPass('bulk-sandbox', { apiKey: sandbox.key })).toMatchObject({ status: 200 });
    expect(await getPass('bulk-sandbox', { apiKey: live.key })).toMatchObject({ status: 404 });
  });
});

describe('PATCH /businesses/{id}/passes/bulk', () => {
  it('updates the valid items of a mixed batch and reports every other item with its own error, in order', async () => {
    const byId = await issuePass(server, business);
    const bySerial = await issuePass(server, business);
    const byExternalId = await issuePass(server, business, { external_id: 'upd-mine' });
    const voided = await issuePass(server, business);
    await server.request('DELETE', `${passesPath()}/${voided.id}`, { token: business.token });
    const taken = await issuePass(server, business, { external_id: 'upd-taken' });
    const renamed = await issuePass(server, business);
    const other = await issuePass(server, business);

    const response = await bulk('PATCH', {
      passes: [
        { identifier: byId.id, points: 10, metadata: { tier: 'gold' } },
        { identifier: bySerial.serial_number, customer_name: 'Grace' },
        { identifier: 'upd-mine', stamps: 2 },
        { identifier: 'no-such-pass', points: 1 },
        { identifier: voided.id, points: 1 },
        { identifier: byId.id, external_id: 'upd-taken' },
        { identifier: renamed.id, external_id: 'upd-new' },
        { identifier: other.id, external_id: 'upd-new' },
        { identifier: other.id, points: -1, status: 'redeemed' },
        { points: 1 },
      ],
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 10, succeeded: 4, failed: 6 });
    expect(response.body.results).toEqual([
      { index: 0, status: 'updated', pass: { id: byId.id } },
      { index: 1, status: 'updated', pass: { id: bySerial.id } },
      { index: 2, status: 'updated', pass: { id: byExternalId.id } },
      { index: 3, status: 'error', error: { code: 'not_found', message: expect.stringContaining('no-such-pass') } },
      { index: 4, status: 'error', error: { code: 'invalid_state', message: expect.stringContaining('voided') } },
      { index: 5, status: 'error', error: { code: 'duplicate_external_id', message: expect.stringContaining('upd-taken') } },
      { index: 6, status: 'updated', pass: { id: renamed.id } },
      { index: 7, status: 'error', error: { code: 'duplicate_external_id', message: expect.stringContaining('item 6') } },
      { index: 8, status: 'error', error: { code: 'validation_error', message: expect.any(String), details: expect.any(Array) } },
      { index: 9, status: 'error', error: { code: 'validation_error', message: expect.any(String), details: [expect.objectContaining({ path: 'identifier' })] } },
    ]);

    expect((await getPass(byId.id)).body).toMatchObject({ points: 10, metadata: { tier: 'gold' }, external_id: null });
    expect((await getPass(bySerial.id)).body.customer_name).toBe('Grace');
    expect((await getPass(byExternalId.id)).body.stamps).toBe(2);
    expect((await getPass('upd-new')).body.id).toBe(renamed.id);
    expect((await getPass(taken.id)).body.external_id).toBe('upd-taken');
    expect(await historyOf(voided.id)).toEqual(['PassIssued', 'PassVoided']);
    expect(await historyOf(other.id)).toEqual(['PassIssued']);
    expect(await historyOf(byId.id)).toEqual(['PassIssued', 'PassUpdated']);
  });

  it('applies items naming the same pass one after another, in request order', async () => {
    const pass = await issuePass(server, business, { external_id: 'upd-order' });
    const response = await bulk('PATCH', {
      passes: [
        { identifier: pass.id, points: 5 },
        { identifier: 'upd-order', points: 7, metadata: { step: 'second' } },
        { identifier: pass.serial_number, metadata: { step: 'third' } },
      ],
    });
    expect(response.body).toMatchObject({ succeeded: 3, failed: 0 });
    expect((await getPass(pass.id)).body).toMatchObject({ points: 7, metadata: { step: 'third' } });
    expect(await historyOf(pass.id)).toEqual(['PassIssued', 'PassUpdated', 'PassUpdated', 'PassUpdated']);
  });

  it('takes 500 items and refuses an empty list or 501 items with 422', async () => {
    const ids = createdIds((await bulk('POST', { passes: Array.from({ length: 500 }, () => issueItem()) })).body);
    const full = await bulk('PATCH', { passes: ids.map((identifier, index) => ({ identifier, points: index })) });
    expect(full.body).toMatchObject({ total: 500, succeeded: 500, failed: 0 });
    expect((await getPass(ids[499]!)).body.points).toBe(499);
    for (const length of [0, 501]) {
      const refused = await bulk('PATCH', { passes: Array.from({ length }, () => ({ identifier: ids[0], points: 1 })) });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'validation_error', details: [{ path: 'passes' }] });
    }
  });
});

describe('each pass of a batch', () => {
  it('sends its own webhook, exactly as if it had been issued or updated singly', async () => {
    const shop = await registerBusiness(server, 'Webhook Shop');
    await server.changePlan(shop.businessId, 'pro');
    const receiver = await WebhookReceiver.start();
    try {
      await registerWebhook(server, shop, receiver.url, ['pass.created', 'pass.updated']);
      const issued = await bulk('POST', { passes: [{ template_id: shop.templateId }, { template_id: 'nope' }, { template_id: shop.templateId }] }, {}, shop);
      const ids = createdIds(issued.body);
      expect(ids).toHaveLength(2);
      await bulk('PATCH', { passes: ids.map((identifier) => ({ identifier, points: 3 })) }, {}, shop);
      const received = await receiver.waitFor(4);
      const seen = received.map((delivery) => `${delivery.body.event} ${delivery.body.data.id}`).sort();
      expect(seen).toEqual(ids.flatMap((id) => [`pass.created ${id}`, `pass.updated ${id}`]).sort());
    } finally {
      await receiver.close();
    }
  });
});

describe('Idempotency-Key on a bulk request', () => {
  it('replays the same result and records no second set of passes or events', async () => {
    const key = randomUUID();
    const pass = await issuePass(server, business);
    const options = { headers: { 'idempotency-key': key } };
    const body = { passes: [issueItem({ external_id: `idem-${key}` }), issueItem(), issueItem({ points: -5 })] };
    const before = await livePasses();
    const first = await bulk('POST', body, options);
    const replay = await bulk('POST', body, options);
    expect(first.body).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    expect(replay).toMatchObject({ status: 200, body: first.body });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await livePasses()).toBe(before + 2);
    for (const id of createdIds(first.body)) expect(await historyOf(id)).toEqual(['PassIssued']);

    const updateKey = { headers: { 'idempotency-key': randomUUID() } };
    const updates = { passes: [{ identifier: pass.id, stamps: 3 }] };
    const updated = await bulk('PATCH', updates, updateKey);
    expect(await bulk('PATCH', updates, updateKey)).toMatchObject({ status: 200, body: updated.body });
    expect(await historyOf(pass.id)).toEqual(['PassIssued', 'PassUpdated']);
  });
});

describe('a Free business', () => {
  it('gets 402 pro_feature bulk_operations for bulk issue and bulk update, and nothing changes', async () => {
    const free = await registerBusiness(server, 'Free Shop');
    const pass = await issuePass(server, free);
    const attempts = [
      await bulk('POST', { passes: [{ template_id: free.templateId }] }, {}, free),
      await bulk('PATCH', { passes: [{ identifier: pass.id, points: 3 }] }, {}, free),
    ];
    for (const refused of attempts) {
      expect(refused.status).toBe(402);
      const body = refused.body as unknown as ProFeatureBody;
      expect(Object.keys(body).sort()).toEqual(['error', 'feature', 'message', 'plan']);
      expect(body).toMatchObject({ error: 'pro_feature', feature: 'bulk_operations', plan: 'free' });
    }
    const me = await server.request<BusinessBody>('GET', '/businesses/me', { token: free.token });
    expect(me.body.usage.passes).toBe(1);
    expect((await server.request<PassBody>('GET', `${passesPath(free)}/${pass.id}`, { token: free.token })).body.points).toBe(0);
  });
});

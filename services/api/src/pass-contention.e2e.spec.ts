/**
 * Many actions on one pass at once (issue 14, defect 2): the service absorbs the contention on the
 * pass's stream; a conflict it cannot absorb is answered 409 with Retry-After and is never kept as the
 * Idempotency-Key's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContendedEventStore } from './testing/contended-event-store';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { ServiceProcess } from './testing/service-process';
import { TestServer } from './testing/test-server';
import type { ErrorBody, PassBody } from './testing/wire-types';

const CONCURRENT_STAMPS = 200;

type Reply = { status: number; body: PassBody & ErrorBody; headers: Headers };

async function post(url: string, token: string | null, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const credentials: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...credentials, ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as PassBody & ErrorBody, headers: response.headers };
}

describe('concurrent stamps on one pass', () => {
  // Its own process, as clients meet it: in the test's process, the test's own requests would space the stamps out.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-contention-'));
  const service = new ServiceProcess('api', 'api', { PORT: '0', HOST: '127.0.0.1', PASSES_DATA_DIR: dataDir, PASSES_RATE_LIMIT_PER_MINUTE: '1000000' });
  beforeAll(() => service.start());
  afterAll(async () => {
    await service.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers all 200 with 200 and records every stamp', async () => {
    const registration = await post(`${service.url}/auth/register`, null, { business_name: 'Corner Café', email: 'owner@example.com', password: 'correct-horse-battery' });
    const { access_token: token, business } = registration.body as unknown as { access_token: string; business: { id: string } };
    const passes = `${service.url}/businesses/${business.id}/passes`;
    const template = await post(`${service.url}/businesses/${business.id}/templates`, token, { name: 'Coffee card' });
    const pass = await post(passes, token, { template_id: template.body.id });

    const replies = await Promise.all(
      Array.from({ length: CONCURRENT_STAMPS }, (_, index) => post(`${passes}/${pass.body.id}/stamp`, token, undefined, { 'idempotency-key': `stamp-${index}` })),
    );

    expect(replies.map((reply) => reply.status).filter((status) => status !== 200)).toEqual([]);
    // Each reply saw its own stamp on top of those before it: the counts are 1…200, each once.
    expect(replies.map((reply) => reply.body.stamps).sort((a, b) => a - b)).toEqual(Array.from({ length: CONCURRENT_STAMPS }, (_, index) => index + 1));
    const read = await fetch(`${passes}/${pass.body.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await read.json()) as PassBody).stamps).toBe(CONCURRENT_STAMPS);
  });
});

describe('a conflict the service cannot absorb', () => {
  let server: TestServer, business: TestBusiness, events: ContendedEventStore;
  beforeAll(async () => {
    server = await TestServer.start(undefined, {}, { wrapEvents: (opened) => (events = new ContendedEventStore(opened)) });
    business = await registerBusiness(server);
  });
  afterAll(() => server.stop());

  const stamp = (passId: string, idempotencyKey: string) =>
    server.request<PassBody & ErrorBody>('POST', `/businesses/${business.businessId}/passes/${passId}/stamp`, {
      token: business.token,
      headers: { 'idempotency-key': idempotencyKey },
    });

  /** Another process checks the pass in before each of the server's appends, every time. */
  const checkIn = () => ({
    type: 'PassCheckedIn',
    data: { occurred_at: server.clock.now().toISOString() },
    metadata: { correlation_id: 'other-process', causation_id: null, business_id: business.businessId, actor: 'other-process', schema_version: 1 },
  });

  it('answers 409 conflict with Retry-After, and a retry with the same Idempotency-Key runs again', async () => {
    const pass = await issuePass(server, business);
    events.contend(`pass-${pass.id}`, checkIn);
    const refused = await stamp(pass.id, 'stamp-under-contention');
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'conflict' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    events.release(`pass-${pass.id}`);
    const retried = await stamp(pass.id, 'stamp-under-contention');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.body).toMatchObject({ stamps: 1, status: 'checked_in' });
  });
});

/**
 * The disk under the event store fills up: writes answer 503 with `Retry-After` (bulk items
 * `service_unavailable`), never a 500, reads go on, the log says so once a request, and once there is
 * room again the same requests succeed without a restart.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { EventStore } from '@passes/event-store';
import Database from 'better-sqlite3';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { CapturedLog } from './testing/captured-log';
import { TestServer } from './testing/test-server';
import type { BulkResultBody, ErrorBody, PassBody } from './testing/wire-types';

let server: TestServer, business: TestBusiness, pass: PassBody;
let full = false;
const log = new CapturedLog();

/** The server's own event store, whose appends are refused while `full` with what SQLite throws when its disk is. */
function fillingUp(opened: EventStore): EventStore {
  return new Proxy(opened, {
    get(target, property, receiver) {
      if (property === 'append' && full) return () => Promise.reject(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'));
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  server = await TestServer.start(undefined, {}, { wrapEvents: fillingUp, logger: log.logger });
  business = await registerBusiness(server);
  // Bulk is Pro's.
  await server.changePlan(business.businessId, 'pro');
  pass = await issuePass(server, business);
});
afterAll(() => server.stop());

const passes = () => `/businesses/${business.businessId}/passes`;

it('answers writes 503 while the disk is full, reads as ever, and the same writes once there is room', async () => {
  full = true;
  const issued = await server.request<ErrorBody>('POST', passes(), { token: business.token, body: { template_id: business.templateId } });
  expect(issued.status).toBe(503);
  expect(issued.body.error).toEqual({ code: 'service_unavailable', message: "The service's storage is full; retry later", status: 503 });
  expect(issued.headers.get('retry-after')).toBe('60');
  const keyed = { token: business.token, headers: { 'idempotency-key': 'stamp-while-full' } };
  expect((await server.request('POST', `${passes()}/${pass.id}/stamp`, keyed)).status).toBe(503);

  const batch = { passes: [{ template_id: business.templateId }, { template_id: business.templateId }, { template_id: 'no-such-template' }] };
  const bulk = await server.request<BulkResultBody>('POST', `${passes()}/bulk`, { token: business.token, body: batch });
  expect(bulk.status).toBe(200);
  expect(bulk.body.results.map((result) => (result.status === 'error' ? result.error.code : result.status))).toEqual(['service_unavailable', 'service_unavailable', 'validation_error']);
  expect((await server.request<PassBody>('GET', `${passes()}/${pass.id}`, { token: business.token })).body.stamps).toBe(0);

  const failures = log.records().filter((record) => record['level'] === 'error');
  expect(failures.map((record) => [record['message'], record['items'] ?? null])).toEqual([
    ['request failed: the storage is full', null],
    ['request failed: the storage is full', null],
    ['bulk items failed: the storage is full', 2],
  ]);
  expect(failures.every((record) => record['error'] === undefined)).toBe(true);

  full = false;
  expect((await server.request('POST', passes(), { token: business.token, body: { template_id: business.templateId } })).status).toBe(201);
  // The key a refused write held is free: its retry runs.
  const stamped = await server.request<PassBody>('POST', `${passes()}/${pass.id}/stamp`, keyed);
  expect(stamped.status).toBe(200);
  expect(stamped.body.stamps).toBe(1);
});

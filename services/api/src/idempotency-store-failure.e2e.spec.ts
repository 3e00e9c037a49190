/**
 * The Idempotency-Key store fails for a moment (a full disk, say) as a keyed request ends: the answer still
 * goes out, and a retry under the same key gets that answer again, or runs again when the answer was one a
 * retry must meet afresh, rather than 409 "still being processed" until the server restarts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { IdempotencyStore } from '@passes/request-guards';
import { CapturedLog } from './testing/captured-log';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer, type RequestOptions } from './testing/test-server';
import type { ErrorBody, HistoryBody, PassBody } from './testing/wire-types';

let server: TestServer;
let business: TestBusiness;
const log = new CapturedLog();
/** How many of the store's next records (`complete`) or give-backs (`release`) are refused as by a full disk. */
const refusals = { complete: 0, release: 0 };

/** The server's own Idempotency-Key store, refusing what `refusals` says with what SQLite throws when its disk is full. */
function failingFor(opened: IdempotencyStore): IdempotencyStore {
  return new Proxy(opened, {
    get(target, property, receiver) {
      if ((property === 'complete' || property === 'release') && refusals[property] > 0) {
        refusals[property] -= 1;
        return () => Promise.reject(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'));
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  server = await TestServer.start(undefined, {}, { wrapIdempotencyKeys: failingFor, logger: log.logger });
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

const passesPath = () => `/businesses/${business.businessId}/passes`;
const withKey = (key: string, options: RequestOptions = {}): RequestOptions => ({ token: business.token, ...options, headers: { 'idempotency-key': key } });
const historyOf = async (passId: string) => (await server.request<HistoryBody>('GET', `${passesPath()}/${passId}/events`, { token: business.token })).body.data.map((event) => event.type);

describe('an answer the store failed to record', () => {
  it('is sent, and replayed to a retry under the same key, which issues nothing more', async () => {
    const key = randomUUID();
    const body = { template_id: business.templateId, customer_email: `${key}@example.com` };
    refusals.complete = 1;

    const first = await server.request<PassBody>('POST', passesPath(), withKey(key, { body }));
    const retry = await server.request<PassBody>('POST', passesPath(), withKey(key, { body }));

    expect(first.status).toBe(201);
    expect([retry.status, retry.headers.get('idempotent-replayed'), retry.body]).toEqual([201, 'true', first.body]);
    const listed = await server.request<{ data: PassBody[] }>('GET', `${passesPath()}?customer_email=${encodeURIComponent(body.customer_email)}`, { token: business.token });
    expect(listed.body.data.map((pass) => pass.id)).toEqual([first.body.id]);
  });

  it('is recorded by the retry, so that it is replayed after a restart too', async () => {
    const key = randomUUID();
    const pass = await issuePass(server, business);
    refusals.complete = 1;
    const first = await server.request<PassBody>('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));
    await server.request('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));

    await server.restart();
    const afterRestart = await server.request<PassBody>('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));

    expect([afterRestart.status, afterRestart.headers.get('idempotent-replayed'), afterRestart.body.stamps]).toEqual([200, 'true', first.body.stamps]);
    expect(await historyOf(pass.id)).toEqual(['PassIssued', 'PassStamped']);
  });

  it('is not replayed to the same key with another request', async () => {
    const key = randomUUID();
    refusals.complete = 1;
    await server.request('POST', passesPath(), withKey(key, { body: { template_id: business.templateId } }));

    const other = await server.request<ErrorBody>('POST', passesPath(), withKey(key, { body: { template_id: business.templateId, external_id: 'another' } }));

    expect([other.status, other.body.error.code]).toEqual([422, 'idempotency_mismatch']);
  });
});

describe('a claim the store failed to give back (the answer was one a retry must meet afresh)', () => {
  it('lets a retry under the same key run again', async () => {
    const key = randomUUID();
    const pass = await issuePass(server, business);
    await server.request('DELETE', `${passesPath()}/${pass.id}`, { token: business.token });
    refusals.release = 1;
    const refused = await server.request<ErrorBody>('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));
    await server.request('POST', `${passesPath()}/${pass.id}/reactivate`, { token: business.token });

    const retry = await server.request<PassBody>('POST', `${passesPath()}/${pass.id}/stamp`, withKey(key));

    expect(refused.status).toBe(409);
    expect([retry.status, retry.headers.get('idempotent-replayed'), retry.body.stamps]).toEqual([200, null, 1]);
  });
});

it('logs each failure of the store once, at error level', () => {
  const failures = log.records().filter((record) => record['level'] === 'error').map((record) => record['message']);

  expect(failures).toEqual(['idempotency record failed', 'idempotency record failed', 'idempotency record failed', 'idempotency release failed']);
});

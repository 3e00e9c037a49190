/**
 * JSON answers as they reach a client: the type with its charset, the length in bytes of what follows
 * (UTF-8 included), the same headers without a body for HEAD, and the same for errors and replays.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, registerBusiness, type TestBusiness } from './testing/fixtures';
import { TestServer } from './testing/test-server';

let server: TestServer;
let business: TestBusiness;

beforeAll(async () => {
  server = await TestServer.start();
  // Non-ASCII in the answers below: their length in bytes is not their length in characters.
  business = await registerBusiness(server, 'Café Ünïcode');
});
afterAll(() => server.stop());

/** The raw answer, its text unparsed. */
async function raw(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${business.token}`, ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function expectJsonOfItsLength(answer: { headers: Headers; text: string }): void {
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(answer.text));
  expect(() => JSON.parse(answer.text)).not.toThrow();
}

describe('a JSON answer', () => {
  it('names its type and charset and its length in bytes, short or long', async () => {
    const short = await raw('GET', '/businesses/me');
    expect(short.status).toBe(200);
    expect(JSON.parse(short.text)).toMatchObject({ name: 'Café Ünïcode' });
    expect(Buffer.byteLength(short.text)).toBeGreaterThan(short.text.length);
    expectJsonOfItsLength(short);

    const pass = await issuePass(server, business, { customer_name: 'Zoë Ça', metadata: { note: 'é'.repeat(400), more: 'ü'.repeat(400) } });
    const long = await raw('GET', `/businesses/${business.businessId}/passes/${pass.id}`);
    expect(long.status).toBe(200);
    expect(long.text.length).toBeGreaterThan(1000);
    expectJsonOfItsLength(long);
  });

  it('comes to HEAD as its headers alone', async () => {
    const pass = await issuePass(server, business);
    const path = `/businesses/${business.businessId}/passes/${pass.id}`;
    const get = await raw('GET', path);
    const head = await raw('HEAD', path);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
  });

  it('is written the same for an error', async () => {
    const missing = await raw('GET', `/businesses/${business.businessId}/passes/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expectJsonOfItsLength(missing);
  });

  it('is written the same when an Idempotency-Key replays it', async () => {
    const pass = await issuePass(server, business);
    const stamp = () => raw('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=1`, { 'idempotency-key': 'json-answers-1' });
    const first = await stamp();
    const replay = await stamp();
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    expectJsonOfItsLength(first);
    expectJsonOfItsLength(replay);
  });
});

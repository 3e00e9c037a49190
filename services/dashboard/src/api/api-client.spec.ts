/**
 * The API client: the bearer token and an Idempotency-Key on every change, answers checked by their
 * schema, and every failure turned into the problem a screen shows (a 401 ending the session).
 */
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ApiClient } from './api-client';
import { ApiFailure, type ApiProblem } from './api-problem';

interface Sent {
  url: string;
  init: RequestInit;
}

function clientAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  let refused = 0;
  const client = new ApiClient({
    token: () => 'token-1',
    onSessionRefused: () => refused++,
    fetch: async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
    },
  });
  return { client, sent, refusals: () => refused };
}

async function problemOf(call: Promise<unknown>): Promise<ApiProblem> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiFailure) return error.problem;
    throw error;
  }
  throw new Error('the call succeeded');
}

const thing = z.object({ id: z.string() });

describe('the API client', () => {
  it('sends the token, the idempotency key and the JSON body, and returns the checked answer (fields it does not know dropped)', async () => {
    const { client, sent } = clientAnswering(201, { id: 'p-1', extra: true });
    const answer = await client.read(thing, { method: 'POST', path: '/businesses/b/passes', body: { a: 1 }, idempotencyKey: 'key-1' });
    expect(answer).toEqual({ id: 'p-1' });
    expect(sent[0]?.url).toBe('/api/v1/businesses/b/passes');
    expect(sent[0]?.init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-1', 'Idempotency-Key': 'key-1', 'Content-Type': 'application/json' });
    expect(sent[0]?.init.body).toBe('{"a":1}');
  });

  it('puts query parameters on the address, and sends no key on a GET', async () => {
    const { client, sent } = clientAnswering(200, { id: 'p-1' });
    await client.read(thing, { method: 'POST', path: '/p/stamp', query: { count: 2 }, idempotencyKey: 'k' });
    await client.read(thing, { method: 'GET', path: '/p' });
    expect(sent.map((request) => request.url)).toEqual(['/api/v1/p/stamp?count=2', '/api/v1/p']);
    expect(sent[1]?.init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-1' });
  });

  it('gives validation details by path, a 402 as an upgrade, a 429 with its wait', async () => {
    const invalid = clientAnswering(422, { error: { code: 'validation_error', message: 'Request body failed validation', status: 422, details: [{ path: 'customer_email', message: 'must be a valid email address' }] } });
    expect(await problemOf(invalid.client.read(thing, { method: 'GET', path: '/x' }))).toEqual({
      kind: 'validation',
      message: 'Request body failed validation',
      errors: { customer_email: 'must be a valid email address' },
    });
    const upgrade = clientAnswering(402, { error: 'pro_feature', feature: 'templates', plan: 'free', message: 'The free plan allows 1 template.' });
    expect(await problemOf(upgrade.client.read(thing, { method: 'GET', path: '/x' }))).toEqual({ kind: 'upgrade', feature: 'templates', plan: 'free', message: 'The free plan allows 1 template.' });
    const limited = clientAnswering(429, { error: { code: 'rate_limited', message: 'Too many requests', status: 429 } }, { 'Retry-After': '17' });
    expect(await problemOf(limited.client.read(thing, { method: 'GET', path: '/x' }))).toEqual({ kind: 'rate_limited', message: 'Too many requests', retryAfterSeconds: 17 });
    const cooldown = clientAnswering(429, { error: { code: 'scan_cooldown', message: 'Pass was checked in 1m ago', status: 429 } });
    expect(await problemOf(cooldown.client.read(thing, { method: 'GET', path: '/x' }))).toEqual({ kind: 'refused', status: 429, code: 'scan_cooldown', message: 'Pass was checked in 1m ago' });
    const proxy = clientAnswering(502, { message: 'Bad gateway' });
    expect(await problemOf(proxy.client.read(thing, { method: 'GET', path: '/x' }))).toEqual({ kind: 'server', status: 502, message: 'The server answered 502.' });
  });

  it('ends the session when the API refuses the token', async () => {
    const { client, refusals } = clientAnswering(401, { error: { code: 'unauthorized', message: 'Token expired', status: 401 } });
    expect(await problemOf(client.read(thing, { method: 'GET', path: '/businesses/me' }))).toEqual({ kind: 'unauthorized', message: 'Token expired' });
    expect(refusals()).toBe(1);
  });

  it('says so when an answer is not in the documented shape, or the network failed', async () => {
    const odd = clientAnswering(200, { name: 'no id' });
    expect((await problemOf(odd.client.read(thing, { method: 'GET', path: '/x' }))).kind).toBe('malformed');
    const offline = new ApiClient({ token: () => null, onSessionRefused: () => undefined, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect((await problemOf(offline.read(thing, { method: 'GET', path: '/x' }))).kind).toBe('network');
  });
});

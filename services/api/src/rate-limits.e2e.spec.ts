/**
 * 60 requests per minute per credential, fixed windows (spec: Limits; DESIGN §5), with an injected clock:
 * the 60th request passes, the 61st is refused, the next window passes again.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerBusiness, type TestBusiness } from './testing/fixtures';
import { ManualClock } from './testing/manual-clock';
import { TestServer, type HttpResponse } from './testing/test-server';
import type { ErrorBody } from './testing/wire-types';

/** The start of a minute, so a window is the same whatever the clock read when the test began. */
const WINDOW_START = new Date('2026-11-21T10:00:00.000Z');
const NEXT_WINDOW_SECONDS = WINDOW_START.getTime() / 1000 + 60;
const PUBLIC_LIMIT = 5;

let server: TestServer;
let clock: ManualClock;
let business: TestBusiness;
let other: TestBusiness;

beforeAll(async () => {
  clock = new ManualClock(WINDOW_START);
  server = await TestServer.start(clock, { rateLimitPerMinute: 60, publicRateLimitPerMinute: PUBLIC_LIMIT });
  // Registering costs public (per-IP) requests in an earlier window, away from the ones under test.
  clock.advance(-120_000);
  business = await registerBusiness(server);
  other = await registerBusiness(server, 'Other Shop');
  clock.advance(120_000);
});
afterAll(() => server.stop());

const me = (token: string) => server.request('GET', '/businesses/me', { token });
const limitHeaders = (response: HttpResponse) => ({
  limit: response.headers.get('x-ratelimit-limit'),
  remaining: response.headers.get('x-ratelimit-remaining'),
  reset: response.headers.get('x-ratelimit-reset'),
});

describe('per credential', () => {
  it('lets 60 requests through with the headers counting down, and refuses the 61st with 429', async () => {
    for (let i = 1; i <= 60; i++) {
      const response = await me(business.token);
      expect(response.status).toBe(200);
      expect(limitHeaders(response)).toEqual({ limit: '60', remaining: String(60 - i), reset: String(NEXT_WINDOW_SECONDS) });
    }
    clock.advance(45_000);
    const refused = await server.request<ErrorBody>('GET', '/businesses/me', { token: business.token });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.headers.get('retry-after')).toBe('15');
    expect(limitHeaders(refused)).toEqual({ limit: '60', remaining: '0', reset: String(NEXT_WINDOW_SECONDS) });
  });

  it('keeps each credential to its own count', async () => {
    expect((await me(other.token)).status).toBe(200);
  });

  it('passes again in the next window', async () => {
    clock.advance(15_000);
    const response = await me(business.token);
    expect(response.status).toBe(200);
    expect(limitHeaders(response)).toEqual({ limit: '60', remaining: '59', reset: String(NEXT_WINDOW_SECONDS + 60) });
  });

  it('puts the headers on error responses too', async () => {
    const missing = await server.request('GET', `/businesses/${business.businessId}/passes/no-such-pass`, { token: business.token });
    expect(missing.status).toBe(404);
    expect(limitHeaders(missing)).toMatchObject({ limit: '60', remaining: '58' });
    const malformed = await server.request('POST', `/businesses/${business.businessId}/passes`, { token: business.token, rawBody: '{' });
    expect(malformed.status).toBe(400);
    expect(limitHeaders(malformed)).toMatchObject({ limit: '60', remaining: '57' });
  });

  it('keeps its counts across a restart', async () => {
    await server.restart();
    expect(limitHeaders(await me(business.token))).toMatchObject({ remaining: '56' });
  });
});

describe('per client IP, without credentials', () => {
  it(`lets ${PUBLIC_LIMIT} requests through and refuses the next with 429`, async () => {
    clock.advance(60_000);
    for (let i = 1; i <= PUBLIC_LIMIT; i++) {
      const response = await server.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' } });
      expect(response.status).toBe(401);
      expect(limitHeaders(response)).toMatchObject({ limit: String(PUBLIC_LIMIT), remaining: String(PUBLIC_LIMIT - i) });
    }
    const refused = await server.request<ErrorBody>('POST', '/auth/login', { body: { email: business.email, password: business.password } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });

  it('counts invalid credentials against the IP, not a credential of their choosing', async () => {
    const forged = await server.request('GET', '/businesses/me', { apiKey: `pb_live_${'x'.repeat(40)}` });
    expect(forged.status).toBe(429);
  });

  it('does not touch the limits of valid credentials from the same address', async () => {
    expect((await me(business.token)).status).toBe(200);
  });
});

/**
 * Behind a proxy (PASSES_TRUST_PROXY): per-IP limits see the client the trusted proxy names in
 * X-Forwarded-For, not the proxy; without the setting, or from an untrusted peer, the header is ignored.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { TrustProxy } from '@passes/runtime';
import { TestServer } from './testing/test-server';

const PER_IP = 3;
const servers: TestServer[] = [];

afterEach(async () => Promise.all(servers.splice(0).map((server) => server.stop())));

async function serverTrusting(trustProxy: TrustProxy): Promise<TestServer> {
  const server = await TestServer.start(undefined, { trustProxy, publicRateLimitPerMinute: PER_IP });
  servers.push(server);
  return server;
}

/** A request without credentials, limited per client IP, as relayed by a proxy for `forwardedFor`. */
async function statusFor(server: TestServer, forwardedFor: string): Promise<number> {
  return (await server.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' }, headers: { 'x-forwarded-for': forwardedFor } })).status;
}

async function statusesFor(server: TestServer, forwardedFor: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await statusFor(server, forwardedFor));
  return statuses;
}

describe('a trusted proxy', () => {
  it.each<[string, TrustProxy]>([
    ['by address', ['127.0.0.1']],
    ['by range name', ['loopback']],
    ['by hop count', 1],
  ])('(%s) gives two clients behind it a limit each', async (_how, trustProxy) => {
    const server = await serverTrusting(trustProxy);
    expect(await statusesFor(server, '203.0.113.1', PER_IP + 1)).toEqual([401, 401, 401, 429]);
    expect(await statusesFor(server, '203.0.113.2', PER_IP)).toEqual([401, 401, 401]);
  });

  it('believes only the hops it trusts: a client cannot pose as another by prepending addresses', async () => {
    const server = await serverTrusting(1);
    expect(await statusesFor(server, '198.51.100.1, 203.0.113.7', PER_IP)).toEqual([401, 401, 401]);
    expect(await statusFor(server, '198.51.100.2, 203.0.113.7')).toBe(429);
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-For: every client of one peer shares its limit', async () => {
    const server = await serverTrusting(false);
    expect(await statusesFor(server, '203.0.113.1', PER_IP)).toEqual([401, 401, 401]);
    expect(await statusFor(server, '203.0.113.2')).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not the trusted proxy', async () => {
    const server = await serverTrusting(['10.1.2.3']);
    expect(await statusesFor(server, '203.0.113.1', PER_IP)).toEqual([401, 401, 401]);
    expect(await statusFor(server, '203.0.113.2')).toBe(429);
  });
});

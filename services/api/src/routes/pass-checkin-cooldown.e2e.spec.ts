/**
 * The check-in action (spec 10) under the template's scan cooldown: none, one-time (0), or a window.
 * Time moves only when the test moves the server's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { configureTemplate, issuePass, registerBusiness, renewToken, type TestBusiness } from '../testing/fixtures';
import { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness;
beforeAll(async () => {
  server = await TestServer.start();
  business = await registerBusiness(server);
});
afterAll(() => server.stop());

type Reply = { status: number; body: PassBody & ErrorBody; headers: Headers };
const checkIn = (id: string): Promise<Reply> =>
  server.request<PassBody & ErrorBody>('POST', `/businesses/${business.businessId}/passes/${id}/checkin`, { token: business.token });
const seconds = (count: number) => server.clock.advance(count * 1000);

async function withCooldown(scanCooldown: number | null): Promise<void> {
  await renewToken(server, business);
  await configureTemplate(server, business, { scan_security: { scan_cooldown: scanCooldown } });
}

function expectBlocked(reply: Reply, message: string | RegExp, retryAfter: string | null): void {
  expect(reply.status).toBe(429);
  expect(reply.body.error).toMatchObject({ code: 'scan_cooldown', status: 429 });
  expect(reply.body.error.message).toMatch(message);
  expect(reply.headers.get('retry-after')).toBe(retryAfter);
}

describe('without a cooldown (the default)', () => {
  beforeAll(() => withCooldown(null));

  it('allows every check-in, each moving checked_in_at', async () => {
    const { id } = await issuePass(server, business);
    const first = await checkIn(id);
    seconds(1);
    const second = await checkIn(id);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toMatchObject({ id, status: 'checked_in', checked_in_at: server.clock.now().toISOString() });
  });
});

describe('one-time use (0)', () => {
  beforeAll(() => withCooldown(0));

  it('allows the first check-in', async () => {
    const { id } = await issuePass(server, business);
    expect((await checkIn(id)).body).toMatchObject({ id, status: 'checked_in' });
  });

  it('blocks every later one for good, saying when the pass was checked in, without Retry-After', async () => {
    const { id } = await issuePass(server, business);
    const checkedInAt = (await checkIn(id)).body.checked_in_at;
    expectBlocked(await checkIn(id), `Pass was already checked in at ${checkedInAt}; this template allows a single check-in.`, null);
    seconds(30 * 24 * 3600);
    await renewToken(server, business);
    expectBlocked(await checkIn(id), `already checked in at ${checkedInAt}`, null);
  });

  it('leaves the pass as it was when it blocks', async () => {
    const { id } = await issuePass(server, business);
    const checkedIn = (await checkIn(id)).body;
    await checkIn(id);
    const now = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${id}`, { token: business.token });
    expect(now.body).toMatchObject({ status: 'checked_in', checked_in_at: checkedIn.checked_in_at, updated_at: checkedIn.updated_at });
  });
});

describe('a window of five minutes (300 s)', () => {
  beforeAll(() => withCooldown(300));

  it('blocks inside the window, saying how long ago and how long to wait, with Retry-After', async () => {
    const { id } = await issuePass(server, business);
    await checkIn(id);
    seconds(90);
    expectBlocked(await checkIn(id), 'Pass was checked in 1m 30s ago; try again in 3m 30s.', '210');
  });

  it('blocks one second before the end and allows at the end', async () => {
    const { id } = await issuePass(server, business);
    await checkIn(id);
    seconds(299);
    expectBlocked(await checkIn(id), /try again in 0m 1s\.$/, '1');
    seconds(1);
    expect((await checkIn(id)).status).toBe(200);
  });

  it('counts the window from the latest check-in', async () => {
    const { id } = await issuePass(server, business);
    await checkIn(id);
    seconds(300);
    await checkIn(id);
    seconds(100);
    expectBlocked(await checkIn(id), /try again in 3m 20s\.$/, '200');
  });
});

describe('changing the cooldown', () => {
  it('applies at once to passes already issued', async () => {
    await withCooldown(null);
    const { id } = await issuePass(server, business);
    await checkIn(id);
    await withCooldown(0);
    expectBlocked(await checkIn(id), /already checked in/, null);
    await withCooldown(null);
    expect((await checkIn(id)).status).toBe(200);
  });
});

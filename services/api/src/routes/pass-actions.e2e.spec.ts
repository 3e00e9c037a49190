/** The pass actions (spec 6–13) over real HTTP: each success, each refused move, each bad parameter. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issuePass, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { ErrorBody, PassBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => ({ server, business, other } = await startWithTwoBusinesses()));
afterAll(() => server.stop());

type Reply = { status: number; body: PassBody & ErrorBody; headers: Headers };
const act = (passId: string, action: string, query = ''): Promise<Reply> =>
  server.request<PassBody & ErrorBody>('POST', `/businesses/${business.businessId}/passes/${passId}/${action}${query}`, { token: business.token });
const voidPass = (passId: string): Promise<Reply> =>
  server.request<PassBody & ErrorBody>('DELETE', `/businesses/${business.businessId}/passes/${passId}`, { token: business.token });

async function passIn(status: 'active' | 'checked_in' | 'redeemed' | 'voided', body: Record<string, unknown> = {}): Promise<string> {
  const pass = await issuePass(server, business, body);
  if (status === 'checked_in') await act(pass.id, 'checkin');
  if (status === 'redeemed') await act(pass.id, 'redeem');
  if (status === 'voided') await voidPass(pass.id);
  return pass.id;
}

function expectError(reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body.error?.code }).toEqual({ status, code });
  expect(reply.body.error.status).toBe(status);
}

describe('POST …/stamp', () => {
  it('adds one stamp by default and `count` stamps when given', async () => {
    const id = await passIn('active');
    expect((await act(id, 'stamp')).body).toMatchObject({ id, stamps: 1, status: 'active' });
    expect((await act(id, 'stamp', '?count=3')).body.stamps).toBe(4);
  });

  it('stamps a checked-in pass without changing its status', async () => {
    const id = await passIn('checked_in');
    expect((await act(id, 'stamp')).body).toMatchObject({ stamps: 1, status: 'checked_in' });
  });

  it.each(['0', '-1', '1.5', 'abc', '1001', ''])('refuses count=%p with 400 bad_request', async (count) => {
    expectError(await act(await passIn('active'), 'stamp', `?count=${count}`), 400, 'bad_request');
  });

  it.each(['redeemed', 'voided'] as const)('refuses a %s pass with 409 invalid_state', async (status) => {
    const reply = await act(await passIn(status), 'stamp');
    expectError(reply, 409, 'invalid_state');
    expect(reply.body.error.message).toContain(status);
  });
});

describe('POST …/points', () => {
  it('adds and spends points', async () => {
    const id = await passIn('active', { points: 10 });
    expect((await act(id, 'points', '?points=5')).body).toMatchObject({ id, points: 15, status: 'active' });
    expect((await act(id, 'points', '?points=-15')).body.points).toBe(0);
  });

  it('refuses to go below zero with 400 insufficient_points', async () => {
    const id = await passIn('active', { points: 3 });
    expectError(await act(id, 'points', '?points=-4'), 400, 'insufficient_points');
    expect((await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${id}`, { token: business.token })).body.points).toBe(3);
  });

  it.each(['', '?points=', '?points=0', '?points=2.5', '?points=x'])('refuses %p with 400 bad_request', async (query) => {
    expectError(await act(await passIn('active'), 'points', query), 400, 'bad_request');
  });

  it.each(['redeemed', 'voided'] as const)('refuses a %s pass with 409 invalid_state', async (status) => {
    expectError(await act(await passIn(status), 'points', '?points=1'), 409, 'invalid_state');
  });
});

describe('POST …/charge and …/topup', () => {
  it('tops up a pass without a balance, starting from zero', async () => {
    const id = await passIn('active');
    expect((await act(id, 'topup', '?amount=10.50')).body).toMatchObject({ id, balance: 10.5, status: 'active' });
  });

  it('charges the balance in exact cents', async () => {
    const id = await passIn('active', { initial_balance: 0.3 });
    expect((await act(id, 'charge', '?amount=0.1')).body.balance).toBe(0.2);
    expect((await act(id, 'charge', '?amount=0.2')).body.balance).toBe(0);
  });

  it('refuses to charge more than the balance, or a pass with no balance, with 400 insufficient_funds', async () => {
    expectError(await act(await passIn('active', { initial_balance: 5 }), 'charge', '?amount=5.01'), 400, 'insufficient_funds');
    expectError(await act(await passIn('active'), 'charge', '?amount=1'), 400, 'insufficient_funds');
  });

  it.each(['charge', 'topup'])('%s refuses a missing, zero, negative or over-precise amount with 400', async (action) => {
    const id = await passIn('active', { initial_balance: 100 });
    for (const query of ['', '?amount=0', '?amount=-1', '?amount=1.234', '?amount=ten']) {
      expectError(await act(id, action, query), 400, 'bad_request');
    }
  });

  it.each(['redeemed', 'voided'] as const)('refuses to charge or top up a %s pass with 409', async (status) => {
    const id = await passIn(status, { initial_balance: 10 });
    expectError(await act(id, 'charge', '?amount=1'), 409, 'invalid_state');
    expectError(await act(id, 'topup', '?amount=1'), 409, 'invalid_state');
  });
});

describe('POST …/checkin', () => {
  it('checks a pass in and records checked_in_at', async () => {
    const id = await passIn('active');
    expect((await act(id, 'checkin')).body).toMatchObject({ id, status: 'checked_in', checked_in_at: '2026-11-21T10:00:00.000Z' });
  });

  it('checks a checked-in pass in again when the template has no cooldown', async () => {
    const id = await passIn('checked_in');
    server.clock.advance(5000);
    expect((await act(id, 'checkin')).body.checked_in_at).toBe(server.clock.now().toISOString());
  });

  it.each(['redeemed', 'voided'] as const)('refuses a %s pass with 409', async (status) => {
    expectError(await act(await passIn(status), 'checkin'), 409, 'invalid_state');
  });
});

describe('POST …/redeem', () => {
  it.each(['active', 'checked_in'] as const)('redeems a %s pass', async (status) => {
    const id = await passIn(status);
    expect((await act(id, 'redeem')).body).toMatchObject({ id, status: 'redeemed', redeemed_at: server.clock.now().toISOString() });
  });

  it.each(['redeemed', 'voided'] as const)('refuses a %s pass with 409', async (status) => {
    expectError(await act(await passIn(status), 'redeem'), 409, 'invalid_state');
  });
});

describe('DELETE …/passes/{id} (void)', () => {
  it.each(['active', 'checked_in', 'redeemed'] as const)('voids a %s pass and keeps it', async (status) => {
    const id = await passIn(status);
    expect((await voidPass(id)).body).toMatchObject({ id, status: 'voided', voided_at: server.clock.now().toISOString() });
    const kept = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${id}`, { token: business.token });
    expect(kept.body.status).toBe('voided');
  });

  it('refuses to void a voided pass with 409', async () => {
    expectError(await voidPass(await passIn('voided')), 409, 'invalid_state');
  });
});

describe('POST …/reactivate', () => {
  it('reactivates a voided pass', async () => {
    const id = await passIn('voided');
    expect((await act(id, 'reactivate')).body).toMatchObject({ id, status: 'active', reactivated_at: server.clock.now().toISOString() });
  });

  it.each(['active', 'checked_in', 'redeemed'] as const)('refuses a %s pass with 409', async (status) => {
    expectError(await act(await passIn(status), 'reactivate'), 409, 'invalid_state');
  });
});

describe('every action', () => {
  const actions = ['stamp', 'points?points=1', 'charge?amount=1', 'topup?amount=1', 'checkin', 'redeem', 'reactivate'];

  it.each(actions)('%s answers 404 for an unknown pass', async (action) => {
    const [name = '', query] = action.split('?');
    expectError(await act('no-such-pass', name, query ? `?${query}` : ''), 404, 'not_found');
  });

  it.each(actions)('%s answers 401 without credentials and 403 for another business', async (action) => {
    const id = await passIn('active');
    expect((await server.request('POST', `/businesses/${business.businessId}/passes/${id}/${action}`)).status).toBe(401);
    expect((await server.request('POST', `/businesses/${business.businessId}/passes/${id}/${action}`, { token: other.token })).status).toBe(403);
  });

  it('void answers 404 for an unknown pass, 401 without credentials and 403 for another business', async () => {
    expectError(await voidPass('no-such-pass'), 404, 'not_found');
    const id = await passIn('active');
    expect((await server.request('DELETE', `/businesses/${business.businessId}/passes/${id}`)).status).toBe(401);
    expect((await server.request('DELETE', `/businesses/${business.businessId}/passes/${id}`, { token: other.token })).status).toBe(403);
  });

  it.each([
    ['stamp', '?count[]=1'],
    ['stamp', '?count[a]=1'],
    ['stamp', '?count%5B%5D=1'],
    ['stamp', '?count=1&count=1'],
    ['points', '?points[]=1'],
    ['charge', '?amount[0]=1'],
  ])('%s refuses a bracketed or repeated parameter (%s) with 400 and changes nothing', async (action, query) => {
    const id = await passIn('active', { initial_balance: 5 });
    expectError(await act(id, action, query), 400, 'bad_request');
    const pass = await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${id}`, { token: business.token });
    expect(pass.body).toMatchObject({ stamps: 0, points: 0, balance: 5 });
  });

  it.each(['?limit[]=1', '?after_revision[x]=0'])('a history page refuses %s with 400', async (query) => {
    const id = await passIn('active');
    const response = await server.request<ErrorBody>('GET', `/businesses/${business.businessId}/passes/${id}/events${query}`, { token: business.token });
    expect({ status: response.status, code: response.body.error?.code }).toEqual({ status: 400, code: 'bad_request' });
  });

  it('a pass read refuses as_of[]= with 400', async () => {
    const id = await passIn('active');
    const response = await server.request<ErrorBody>('GET', `/businesses/${business.businessId}/passes/${id}?as_of[]=x`, { token: business.token });
    expect({ status: response.status, code: response.body.error?.code }).toEqual({ status: 400, code: 'bad_request' });
  });

  it('an unknown action is 404', async () => {
    expectError(await act(await passIn('active'), 'constructor'), 404, 'not_found');
  });

  it('works through the serial_number and the external_id', async () => {
    const pass = await issuePass(server, business, { external_id: 'act-ext' });
    expect((await act(pass.serial_number, 'stamp')).body.stamps).toBe(1);
    expect((await act('act-ext', 'stamp')).body.stamps).toBe(2);
  });
});

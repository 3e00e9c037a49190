/** The auditors' endpoints: a pass's history, a page at a time, and the pass as it was at any instant. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendStamps } from '../testing/event-seeding';
import { issuePass, startWithTwoBusinesses, type TestBusiness } from '../testing/fixtures';
import type { TestServer } from '../testing/test-server';
import type { HistoryBody, PassBody } from '../testing/wire-types';

let server: TestServer, business: TestBusiness, other: TestBusiness;
beforeAll(async () => ({ server, business, other } = await startWithTwoBusinesses()));
afterAll(() => server.stop());

describe('GET /businesses/{id}/passes/{identifier}/events', () => {
  it('returns every event of the pass in order with type, data, revision and recorded_at', async () => {
    const pass = await issuePass(server, business, { external_id: 'audit-1', points: 2 });
    const base = `/businesses/${business.businessId}/passes/${pass.id}`;
    server.clock.advance(60_000);
    await server.request('POST', `${base}/stamp?count=2`, { token: business.token });
    await server.request('POST', `${base}/points?points=-2`, { token: business.token });
    await server.request('POST', `${base}/redeem`, { token: business.token });
    await server.request('DELETE', base, { token: business.token });
    await server.request('POST', `${base}/reactivate`, { token: business.token });

    const response = await server.request<HistoryBody>('GET', `/businesses/${business.businessId}/passes/audit-1/events`, { token: business.token });
    expect(response.status).toBe(200);
    expect(response.body.data.map((event) => [event.revision, event.type])).toEqual([
      [0, 'PassIssued'],
      [1, 'PassStamped'],
      [2, 'PointsAdjusted'],
      [3, 'PassRedeemed'],
      [4, 'PassVoided'],
      [5, 'PassReactivated'],
    ]);
    expect(response.body.data[0]).toMatchObject({ data: { pass_id: pass.id, external_id: 'audit-1', points: 2 }, recorded_at: '2026-11-21T10:00:00.000Z' });
    expect(response.body.data[1]).toMatchObject({ data: { count: 2, stamps: 2 }, recorded_at: '2026-11-21T10:01:00.000Z' });
    expect(response.body.data[2]?.data).toMatchObject({ delta: -2, points: 0 });
  });

  it('answers 404 for an unknown pass, 401 without credentials and 403 for another business', async () => {
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/unknown/events`, { token: business.token })).status).toBe(404);
    const pass = await issuePass(server, business);
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`)).status).toBe(401);
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/${pass.id}/events`, { token: other.token })).status).toBe(403);
  });
});

describe('GET …/passes/{identifier}/events, a page at a time', () => {
  it('pages with after_revision and limit, and says whether more follow', async () => {
    const pass = await issuePass(server, business);
    const base = `/businesses/${business.businessId}/passes/${pass.id}`;
    for (let stamp = 0; stamp < 6; stamp += 1) await server.request('POST', `${base}/stamp`, { token: business.token });

    const first = await server.request<HistoryBody>('GET', `${base}/events?limit=3`, { token: business.token });
    expect(first.body.data.map((event) => event.revision)).toEqual([0, 1, 2]);
    expect(first.body.has_more).toBe(true);
    const last = await server.request<HistoryBody>('GET', `${base}/events?after_revision=2&limit=4`, { token: business.token });
    expect(last.body.data.map((event) => event.revision)).toEqual([3, 4, 5, 6]);
    expect(last.body.has_more).toBe(false);
    const whole = await server.request<HistoryBody>('GET', `${base}/events`, { token: business.token });
    expect(whole.body.data).toHaveLength(7);
    expect(whole.body.has_more).toBe(false);
    const beyond = await server.request<HistoryBody>('GET', `${base}/events?after_revision=6`, { token: business.token });
    expect(beyond.body).toEqual({ data: [], has_more: false });
  });

  it('answers a page read again the same, while the last page takes in the events appended since', async () => {
    const pass = await issuePass(server, business);
    const base = `/businesses/${business.businessId}/passes/${pass.id}`;
    for (let stamp = 0; stamp < 3; stamp += 1) await server.request('POST', `${base}/stamp`, { token: business.token });
    const page = (query: string) => server.request<HistoryBody>('GET', `${base}/events?${query}`, { token: business.token });

    const first = await page('limit=2');
    const last = await page('after_revision=1&limit=2');
    expect(last.body.data.map((event) => event.revision)).toEqual([2, 3]);
    expect(last.body.has_more).toBe(false);
    await server.request('POST', `${base}/stamp`, { token: business.token });

    expect((await page('limit=2')).body).toEqual(first.body);
    const grown = await page('after_revision=1&limit=2');
    expect(grown.body.data.map((event) => event.revision)).toEqual([2, 3]);
    expect(grown.body.has_more).toBe(true);
    expect((await page('after_revision=3&limit=2')).body.data.map((event) => [event.revision, event.data])).toEqual([[4, expect.objectContaining({ stamps: 4 })]]);
  });

  it.each([['limit=0'], ['limit=1001'], ['limit=ten'], ['after_revision=-1'], ['after_revision=1.5'], ['limit=1&limit=2']])('refuses %s with 400 bad_request', async (query) => {
    const pass = await issuePass(server, business);
    const response = await server.request<{ error: { code: string } }>('GET', `/businesses/${business.businessId}/passes/${pass.id}/events?${query}`, { token: business.token });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request');
  });
});

describe('GET …/passes/{identifier}?as_of=', () => {
  it('answers the pass as it was at each instant of its life, folded from its events', async () => {
    const issuedAt = server.clock.now();
    const pass = await issuePass(server, business, { external_id: 'as-of-1', points: 10 });
    const base = `/businesses/${business.businessId}/passes/${pass.id}`;
    server.clock.advance(60_000);
    await server.request('POST', `${base}/stamp?count=3`, { token: business.token });
    const stampedAt = server.clock.now();
    server.clock.advance(60_000);
    await server.request('DELETE', base, { token: business.token });
    const voidedAt = server.clock.now();
    server.clock.advance(60_000);

    const at = async (instant: Date) => server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/as-of-1?as_of=${instant.toISOString()}`, { token: business.token });
    expect((await at(new Date(issuedAt.getTime() - 1))).status).toBe(404);
    expect((await at(issuedAt)).body).toMatchObject({ status: 'active', points: 10, stamps: 0 });
    expect((await at(new Date(stampedAt.getTime() - 1))).body).toMatchObject({ status: 'active', stamps: 0 });
    expect((await at(stampedAt)).body).toMatchObject({ status: 'active', stamps: 3 });
    expect((await at(voidedAt)).body).toMatchObject({ status: 'voided', stamps: 3 });
    expect((await server.request<PassBody>('GET', `${base}?as_of=${encodeURIComponent(voidedAt.toISOString().replace('Z', '+00:00'))}`, { token: business.token })).body).toMatchObject({ status: 'voided' });
    expect((await server.request<PassBody>('GET', base, { token: business.token })).body).toEqual((await at(server.clock.now())).body);
  });

  it('answers every instant of a history longer than the folds it keeps, asked again and in any order', async () => {
    const issuedAt = server.clock.now();
    const pass = await issuePass(server, business, { external_id: 'as-of-long' });
    const [firstStamps, secondStamps] = [new Date(issuedAt.getTime() + 60_000), new Date(issuedAt.getTime() + 120_000)];
    // 1,500 then 1,000 single stamps: revisions 1–1500 and 1501–2500, across the folds kept at every thousandth.
    await appendStamps(server.dataDir, business.businessId, pass.id, 0, 1500, firstStamps);
    await appendStamps(server.dataDir, business.businessId, pass.id, 1500, 1000, secondStamps);
    server.clock.advance(180_000);

    const stampsAt = async (instant: Date) =>
      (await server.request<PassBody>('GET', `/businesses/${business.businessId}/passes/${pass.id}?as_of=${instant.toISOString()}`, { token: business.token })).body.stamps;
    const expected: [Date, number][] = [
      [secondStamps, 2500],
      [firstStamps, 1500],
      [new Date(firstStamps.getTime() - 1), 0],
      [new Date(secondStamps.getTime() - 1), 1500],
      [server.clock.now(), 2500],
    ];
    for (const round of [1, 2]) {
      for (const [instant, stamps] of expected) expect({ round, instant, stamps: await stampsAt(instant) }).toEqual({ round, instant, stamps });
    }
  });

  it('takes any RFC 3339 instant: fractions beyond milliseconds, any offset', async () => {
    const pass = await issuePass(server, business);
    const base = `/businesses/${business.businessId}/passes/${pass.id}`;
    server.clock.advance(60_000);
    await server.request('POST', `${base}/stamp`, { token: business.token });
    const stampedAt = server.clock.now();
    server.clock.advance(60_000);
    /** The instant written at `offsetMinutes` from UTC, with `fraction` digits after its milliseconds. */
    const written = (instant: Date, offsetMinutes: number, fraction = '') => {
      const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, -1);
      const sign = offsetMinutes < 0 ? '-' : '+';
      const [hours, minutes] = [Math.trunc(Math.abs(offsetMinutes) / 60), Math.abs(offsetMinutes) % 60].map((part) => String(part).padStart(2, '0'));
      return `${local}${fraction}${sign}${hours}:${minutes}`;
    };
    const stampsAt = async (text: string) => {
      const response = await server.request<PassBody>('GET', `${base}?as_of=${encodeURIComponent(text)}`, { token: business.token });
      return { text, status: response.status, stamps: response.body.stamps };
    };
    const justBefore = new Date(stampedAt.getTime() - 1);

    for (const [text, stamps] of [
      [stampedAt.toISOString().replace('Z', '456Z'), 1],
      [justBefore.toISOString().replace('Z', '999999Z'), 0],
      [written(stampedAt, 60), 1],
      [written(justBefore, 60, '999'), 0],
      [written(stampedAt, -330, '000001'), 1],
      [written(justBefore, 345), 0],
    ] as const) {
      expect(await stampsAt(text)).toEqual({ text, status: 200, stamps });
    }
  });

  it.each([['yesterday'], ['2026-11-21'], ['2026-11-21T10:00:00'], ['2026-11-21T10:00:00+0100'], ['2026-11-21 10:00:00Z'], ['2026-13-01T10:00:00Z']])('refuses as_of=%s with 422', async (text) => {
    const pass = await issuePass(server, business);
    const response = await server.request<{ error: { code: string; details: unknown[] } }>('GET', `/businesses/${business.businessId}/passes/${pass.id}?as_of=${encodeURIComponent(text)}`, { token: business.token });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: [{ path: 'as_of' }] });
  });

  it('refuses an instant in the future with 422', async () => {
    const pass = await issuePass(server, business);
    const future = new Date(server.clock.now().getTime() + 1000).toISOString();
    expect((await server.request('GET', `/businesses/${business.businessId}/passes/${pass.id}?as_of=${future}`, { token: business.token })).status).toBe(422);
  });
});

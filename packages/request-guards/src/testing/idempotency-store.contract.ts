import { describe, expect, it } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
import { randomUUID } from 'node:crypto';
import type { IdempotencyRequest, IdempotencyStore, IdempotencyTimings } from '../idempotency/idempotency-store';

export const CONTRACT_TIMINGS: IdempotencyTimings = { ttlMs: 24 * 3_600_000, abandonAfterMs: 60_000 };
const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const at = (offsetMs: number) => new Date(T0 + offsetMs);
const RESPONSE = { status: 201, body: '{"id":"pass-1","status":"active"}' };

/**
 * The behaviour every IdempotencyStore adapter owes the HTTP layer. Adapters are created with
 * CONTRACT_TIMINGS; keys are unique per test, so a shared server works.
 */
export function describeIdempotencyStoreContract(
  adapterName: string,
  createStore: () => Promise<{ store: IdempotencyStore; dispose: () => Promise<void> }>,
): void {
  describe(`IdempotencyStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(createStore);
    const store = () => current().store;
    const request = (overrides: Partial<IdempotencyRequest> = {}): IdempotencyRequest => ({
      scope: 'api_key:key-1',
      key: `key-${randomUUID()}`,
      fingerprint: 'POST /passes abc',
      now: at(0),
      ...overrides,
    });

    it('claims a new key', async () => {
      expect(await store().claim(request())).toEqual({ outcome: 'claimed' });
    });

    it('answers in_progress to the same request while the first still runs', async () => {
      const first = request();
      await store().claim(first);
      expect(await store().claim({ ...first, now: at(59_999) })).toEqual({ outcome: 'in_progress' });
    });

    it('replays the stored response of a completed request', async () => {
      const first = request();
      await store().claim(first);
      await store().complete(first.scope, first.key, RESPONSE);
      expect(await store().claim({ ...first, now: at(3_600_000) })).toEqual({ outcome: 'replay', response: RESPONSE });
    });

    it('refuses the same key with a different request, running or completed', async () => {
      const first = request();
      await store().claim(first);
      expect(await store().claim({ ...first, fingerprint: 'PATCH /passes xyz' })).toEqual({ outcome: 'mismatch' });
      await store().complete(first.scope, first.key, RESPONSE);
      expect(await store().claim({ ...first, fingerprint: 'PATCH /passes xyz' })).toEqual({ outcome: 'mismatch' });
    });

    it('keeps the keys of different scopes apart', async () => {
      const first = request();
      await store().claim(first);
      await store().complete(first.scope, first.key, RESPONSE);
      expect(await store().claim({ ...first, scope: 'api_key:key-2', fingerprint: 'other' })).toEqual({ outcome: 'claimed' });
    });

    it('forgets a key after its time to live', async () => {
      const first = request();
      await store().claim(first);
      await store().complete(first.scope, first.key, RESPONSE);
      const later = { ...first, fingerprint: 'a different request', now: at(CONTRACT_TIMINGS.ttlMs) };
      expect(await store().claim(later)).toEqual({ outcome: 'claimed' });
    });

    it('lets a released claim run again', async () => {
      const first = request();
      await store().claim(first);
      await store().release(first.scope, first.key);
      expect(await store().claim(first)).toEqual({ outcome: 'claimed' });
    });

    it('never releases a completed record', async () => {
      const first = request();
      await store().claim(first);
      await store().complete(first.scope, first.key, RESPONSE);
      await store().release(first.scope, first.key);
      expect(await store().claim(first)).toEqual({ outcome: 'replay', response: RESPONSE });
    });

    it('lets an abandoned claim be taken over, once', async () => {
      const first = request();
      await store().claim(first);
      const retry = { ...first, now: at(CONTRACT_TIMINGS.abandonAfterMs) };
      expect(await store().claim(retry)).toEqual({ outcome: 'claimed' });
      expect(await store().claim(retry)).toEqual({ outcome: 'in_progress' });
    });

    it('gives exactly one of many concurrent claims of one key', async () => {
      const first = request();
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => store().claim(first)));
      expect(outcomes.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1);
    });

    it('keeps each of many keys claimed and completed at once apart', async () => {
      const requests = Array.from({ length: 20 }, () => request());
      const claims = await Promise.all(requests.map((each) => store().claim(each)));
      expect(claims.every((claim) => claim.outcome === 'claimed')).toBe(true);
      const responseOf = (index: number) => ({ status: 201, body: `{"n":${index}}` });
      await Promise.all(requests.map((each, index) => store().complete(each.scope, each.key, responseOf(index))));
      const replays = await Promise.all(requests.map((each) => store().claim(each)));
      expect(replays).toEqual(requests.map((_each, index) => ({ outcome: 'replay', response: responseOf(index) })));
    });

    it('purges records older than the time to live, and only those', async () => {
      const old = request();
      const recent = request({ now: at(CONTRACT_TIMINGS.ttlMs - 1000) });
      await store().claim(old);
      await store().complete(old.scope, old.key, RESPONSE);
      await store().claim(recent);
      await store().complete(recent.scope, recent.key, RESPONSE);
      expect(await store().purge(at(CONTRACT_TIMINGS.ttlMs))).toBeGreaterThanOrEqual(1);
      expect(await store().claim({ ...recent, now: at(CONTRACT_TIMINGS.ttlMs) })).toEqual({ outcome: 'replay', response: RESPONSE });
    });
  });
}

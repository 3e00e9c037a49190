import { describe, expect, it } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
import { randomUUID } from 'node:crypto';
import type { IdempotencyRequest, IdempotencyStore, IdempotencyTimings } from '../idempotency/idempotency-store';

export const CONTRACT_TIMINGS: IdempotencyTimings = { ttlMs: 24 * 3_600_000, leaseMs: 60_000 };
const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const at = (offsetMs: number) => new Date(T0 + offsetMs);
/** The clock stores renew their leases by between claims: the contract's time stands still. */
export const contractClock = () => at(0);
const RESPONSE = { status: 201, body: '{"id":"pass-1","status":"active"}' };

/** A store, and a way to open the same records as another process would. */
export interface IdempotencyStoreSubject {
  store: IdempotencyStore;
  /** The same records opened anew, as by another process (or the same one restarted); disposed of with the subject. */
  openAnother: () => Promise<IdempotencyStore>;
  dispose: () => Promise<void>;
}

/**
 * The behaviour every IdempotencyStore adapter owes the HTTP layer. Adapters are created with
 * CONTRACT_TIMINGS and contractClock; keys are unique per test, so a shared server works. `shared`: the
 * store serves several live processes at once (MongoDB), rather than one process at a time (a SQLite file
 * of the embedded profile, where whoever opened the file before is gone).
 */
export function describeIdempotencyStoreContract(
  adapterName: string,
  createStore: () => Promise<IdempotencyStoreSubject>,
  { shared }: { shared: boolean },
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

    it('keeps its own claim in progress for as long as the request runs', async () => {
      const first = request();
      await store().claim(first);
      expect(await store().claim({ ...first, now: at(CONTRACT_TIMINGS.leaseMs * 10) })).toEqual({ outcome: 'in_progress' });
    });

    it('lets a claim left running by a process that closed be taken over at once, once', async () => {
      const first = request();
      await store().claim(first);
      await store().close();
      const next = await current().openAnother();
      expect(await next.claim({ ...first, now: at(1) })).toEqual({ outcome: 'claimed' });
      expect(await next.claim({ ...first, now: at(2) })).toEqual({ outcome: 'in_progress' });
    });

    it('lets a claim left running by a process killed without closing be taken over once its lease has run out', async () => {
      const first = request();
      await store().claim(first);
      const next = await current().openAnother();
      expect(await next.claim({ ...first, now: at(CONTRACT_TIMINGS.leaseMs) })).toEqual({ outcome: 'claimed' });
      expect(await next.claim({ ...first, now: at(CONTRACT_TIMINGS.leaseMs + 1) })).toEqual({ outcome: 'in_progress' });
      await next.complete(first.scope, first.key, RESPONSE);
      expect(await store().claim({ ...first, now: at(CONTRACT_TIMINGS.leaseMs + 2) })).toEqual({ outcome: 'replay', response: RESPONSE });
    });

    if (shared) {
      it('answers in_progress to a claim another live process holds, while it renews its lease', async () => {
        const first = request();
        await store().claim(first);
        const other = await current().openAnother();
        expect(await other.claim({ ...first, now: at(CONTRACT_TIMINGS.leaseMs - 1) })).toEqual({ outcome: 'in_progress' });
        // Its next claim renews its lease.
        await store().claim(request({ now: at(CONTRACT_TIMINGS.leaseMs - 1) }));
        expect(await other.claim({ ...first, now: at(CONTRACT_TIMINGS.leaseMs * 1.5) })).toEqual({ outcome: 'in_progress' });
        expect(await other.claim({ ...first, now: at(CONTRACT_TIMINGS.leaseMs * 2) })).toEqual({ outcome: 'claimed' });
      });
    }

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

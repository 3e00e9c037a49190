import { describe, expect, it } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
import { randomUUID } from 'node:crypto';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';

const MINUTE = 60_000;
/** Aligned to a minute, so `+ 59_999` is still the same window. */
const WINDOW_START = Date.parse('2026-11-21T10:00:00.000Z');
const at = (offsetMs: number) => new Date(WINDOW_START + offsetMs);

/** The behaviour every RateLimitStore adapter owes the HTTP layer. Keys are unique per test, so a shared server works. */
export function describeRateLimitStoreContract(
  adapterName: string,
  createStore: () => Promise<{ store: RateLimitStore; dispose: () => Promise<void> }>,
): void {
  describe(`RateLimitStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(createStore);
    const store = () => current().store;

    it('counts hits in one window and says when it resets', async () => {
      const key = `k-${randomUUID()}`;
      expect(await store().hit(key, MINUTE, at(0))).toEqual({ count: 1, resetsAt: WINDOW_START + MINUTE });
      expect(await store().hit(key, MINUTE, at(30_000))).toEqual({ count: 2, resetsAt: WINDOW_START + MINUTE });
      expect(await store().hit(key, MINUTE, at(59_999))).toEqual({ count: 3, resetsAt: WINDOW_START + MINUTE });
    });

    it('counts the same when told the limit it is held to', async () => {
      const key = `k-${randomUUID()}`;
      const counts = [];
      for (let hit = 0; hit < 5; hit += 1) counts.push((await store().hit(key, MINUTE, at(hit), 1000)).count);
      expect(counts).toEqual([1, 2, 3, 4, 5]);
      expect(await store().hit(key, MINUTE, at(MINUTE), 1000)).toEqual({ count: 1, resetsAt: WINDOW_START + 2 * MINUTE });
    });

    it('takes back a hit given back, never below nothing, and leaves a window gone by as it was', async () => {
      const key = `k-${randomUUID()}`;
      await store().hit(key, MINUTE, at(0));
      await store().hit(key, MINUTE, at(1));
      await store().giveBack(key, MINUTE, at(2));
      expect((await store().hit(key, MINUTE, at(3))).count).toBe(2);
      for (let given = 0; given < 3; given += 1) await store().giveBack(key, MINUTE, at(4));
      expect((await store().hit(key, MINUTE, at(5))).count).toBe(1);
      await store().giveBack(key, MINUTE, at(MINUTE));
      expect((await store().hit(key, MINUTE, at(MINUTE + 1))).count).toBe(1);
    });

    it('starts again at one in the next window', async () => {
      const key = `k-${randomUUID()}`;
      await store().hit(key, MINUTE, at(0));
      await store().hit(key, MINUTE, at(1));
      expect(await store().hit(key, MINUTE, at(MINUTE))).toEqual({ count: 1, resetsAt: WINDOW_START + 2 * MINUTE });
    });

    it('keeps keys apart', async () => {
      const [first, second] = [`k-${randomUUID()}`, `k-${randomUUID()}`];
      await store().hit(first, MINUTE, at(0));
      await store().hit(first, MINUTE, at(0));
      expect((await store().hit(second, MINUTE, at(0))).count).toBe(1);
    });

    it('counts every one of many concurrent hits', async () => {
      const key = `k-${randomUUID()}`;
      await Promise.all(Array.from({ length: 50 }, () => store().hit(key, MINUTE, at(10))));
      expect((await store().hit(key, MINUTE, at(10))).count).toBe(51);
    });

    it('gives each of many concurrent hits told the limit a count of its own', async () => {
      const key = `k-${randomUUID()}`;
      const windows = await Promise.all(Array.from({ length: 50 }, () => store().hit(key, MINUTE, at(10), 1000)));
      expect(windows.map((window) => window.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    });

    it('supports windows of other lengths', async () => {
      const key = `k-${randomUUID()}`;
      const hour = 60 * MINUTE;
      await store().hit(key, hour, at(0));
      expect(await store().hit(key, hour, at(59 * MINUTE))).toEqual({ count: 2, resetsAt: WINDOW_START + hour });
    });

    it('purges windows that have ended, and only those', async () => {
      const [ended, running] = [`k-${randomUUID()}`, `k-${randomUUID()}`];
      await store().hit(ended, MINUTE, at(0));
      await store().hit(running, MINUTE, at(MINUTE));
      expect(await store().purge(at(MINUTE + 1))).toBeGreaterThanOrEqual(1);
      expect((await store().hit(running, MINUTE, at(MINUTE + 2))).count).toBe(2);
    });
  });
}

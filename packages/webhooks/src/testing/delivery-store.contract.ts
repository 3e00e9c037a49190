/** The behaviour every DeliveryStore adapter owes the dispatchers; run against each adapter. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { positionOfInteger } from '@passes/event-store';
import { freshForEachTest } from '@passes/testkit';
import type { DeliveryStore, NewDelivery } from '../delivery/delivery-store';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const LEASE_MS = 30_000;

export function describeDeliveryStoreContract(adapterName: string, open: () => Promise<{ store: DeliveryStore; dispose: () => Promise<void> }>): void {
  describe(`DeliveryStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(open);
    const store = (): DeliveryStore => current().store;

    /** Ids and webhooks are unique per test, so the suite can run against a shared server. */
    const run = randomUUID().slice(0, 8);
    let feed = 0;
    function delivery(id: string, webhookId: string, createdAt = T0): NewDelivery {
      feed += 1;
      return { id: `${run}-${id}`, webhookId: `${run}-${webhookId}`, businessId: 'business-1', event: 'pass.created', body: `{"id":"${id}"}`, position: positionOfInteger(feed), createdAt };
    }
    const mine = (ids: readonly string[]) => ids.filter((id) => id.startsWith(`${run}-`)).map((id) => id.slice(run.length + 1));
    const claim = async (now: Date, holder = 'dispatcher-1', limit = 10) =>
      mine((await store().claimDue({ holder, now, ttlMs: LEASE_MS }, limit)).map((d) => d.id));
    const release = (webhook: string, holder = 'dispatcher-1') => store().release(`${run}-${webhook}`, holder);
    const id = (name: string) => `${run}-${name}`;

    it('records deliveries as pending and due at once', async () => {
      const recorded = delivery('d-1', 'w-1');
      await store().record([recorded]);
      expect(await store().get(id('d-1'))).toEqual({
        ...recorded,
        status: 'pending',
        attempts: 0,
        lastAttemptAt: null,
        lastResponseCode: null,
        lastError: null,
        nextAttemptAt: T0,
      });
    });

    it('leaves a delivery recorded twice as it was', async () => {
      const recorded = delivery('d-1', 'w-1');
      await store().record([recorded]);
      await store().saveAttempt(id('d-1'), { status: 'delivered', attemptedAt: at(1), responseCode: 200, error: null, nextAttemptAt: null });
      await store().record([recorded, delivery('d-2', 'w-1')]);
      expect(await store().get(id('d-1'))).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(await store().get(id('d-2'))).toMatchObject({ status: 'pending' });
    });

    it('hands out the oldest due delivery of each webhook, in feed order, up to a limit', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('b-1', 'w-b'), delivery('a-2', 'w-a'), delivery('c-1', 'w-c')]);
      expect(await claim(at(-1))).toEqual([]);
      expect(await claim(T0, 'dispatcher-1', 2)).toEqual(['a-1', 'b-1']);
      expect(await claim(T0)).toEqual(['c-1']);
    });

    it('leases each webhook to one dispatcher until released or run out', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('a-2', 'w-a'), delivery('b-1', 'w-b')]);
      expect(await claim(T0, 'one')).toEqual(['a-1', 'b-1']);
      expect(await claim(T0, 'two')).toEqual([]);
      await store().saveAttempt(id('a-1'), { status: 'delivered', attemptedAt: at(1), responseCode: 200, error: null, nextAttemptAt: null });
      await release('w-a', 'two');
      expect(await claim(at(1), 'two')).toEqual([]);
      await release('w-a', 'one');
      expect(await claim(at(1), 'two')).toEqual(['a-2']);
      expect(await claim(at(LEASE_MS / 1000), 'three')).toEqual(['b-1']);
    });

    it('gives each due webhook to exactly one of many concurrent dispatchers', async () => {
      await store().record(Array.from({ length: 5 }, (_, index) => delivery(`d-${index}`, `w-${index}`)));
      const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => claim(T0, `dispatcher-${index}`)));
      expect(claims.flat().sort()).toEqual(['d-0', 'd-1', 'd-2', 'd-3', 'd-4']);
    });

    it('counts attempts and schedules retries: a delivery waiting for a retry lets the next one of its webhook go', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('a-2', 'w-a')]);
      await claim(T0);
      await store().saveAttempt(id('a-1'), { status: 'pending', attemptedAt: at(1), responseCode: 500, error: null, nextAttemptAt: at(60) });
      await release('w-a');
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'pending', attempts: 1, lastAttemptAt: at(1), lastResponseCode: 500, nextAttemptAt: at(60) });
      expect(await claim(at(2))).toEqual(['a-2']);
      await store().saveAttempt(id('a-2'), { status: 'delivered', attemptedAt: at(2), responseCode: 204, error: null, nextAttemptAt: null });
      await release('w-a');
      expect(await claim(at(59))).toEqual([]);
      expect(await claim(at(60))).toEqual(['a-1']);
      await store().saveAttempt(id('a-1'), { status: 'failed', attemptedAt: at(60), responseCode: null, error: 'timeout', nextAttemptAt: null });
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'failed', attempts: 2, lastResponseCode: null, lastError: 'timeout', nextAttemptAt: null });
    });

    it('cancels pending deliveries only', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('a-2', 'w-a')]);
      await store().saveAttempt(id('a-1'), { status: 'delivered', attemptedAt: at(1), responseCode: 200, error: null, nextAttemptAt: null });
      await store().cancel(id('a-1'));
      await store().cancel(id('a-2'));
      expect((await store().get(id('a-1')))?.status).toBe('delivered');
      expect(await store().get(id('a-2'))).toMatchObject({ status: 'cancelled', nextAttemptAt: null });
      expect(await claim(at(100))).toEqual([]);
    });

    it('reschedules a finished delivery, keeping its attempts', async () => {
      await store().record([delivery('a-1', 'w-a')]);
      await store().saveAttempt(id('a-1'), { status: 'failed', attemptedAt: at(1), responseCode: 500, error: null, nextAttemptAt: null });
      await store().reschedule(id('a-1'), at(5));
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: at(5) });
      expect(await claim(at(5))).toEqual(['a-1']);
    });

    it('counts the pending deliveries: the backlog', async () => {
      const before = await store().countPending();
      await store().record([delivery('a-1', 'w-a'), delivery('a-2', 'w-a'), delivery('b-1', 'w-b')]);
      await store().saveAttempt(id('a-1'), { status: 'delivered', attemptedAt: at(1), responseCode: 200, error: null, nextAttemptAt: null });
      await store().saveAttempt(id('b-1'), { status: 'pending', attemptedAt: at(1), responseCode: 500, error: null, nextAttemptAt: at(60) });
      await store().cancel(id('a-2'));
      expect((await store().countPending()) - before).toBe(1);
    });

    it('lists a webhook’s deliveries newest first, and nothing of other webhooks', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('b-1', 'w-b')]);
      await store().record([delivery('a-2', 'w-a')]);
      expect(mine((await store().listByWebhook(id('w-a'), 10)).map((d) => d.id))).toEqual(['a-2', 'a-1']);
      expect(mine((await store().listByWebhook(id('w-a'), 1)).map((d) => d.id))).toEqual(['a-2']);
      expect(await store().get(id('missing'))).toBeNull();
    });
  });
}

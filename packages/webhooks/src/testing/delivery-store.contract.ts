/** The behaviour every DeliveryStore adapter owes the dispatcher; run against each adapter. */
import { describe, expect, it } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
import type { DeliveryStore, NewDelivery } from '../delivery/delivery-store';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function delivery(id: string, webhookId: string, createdAt = T0): NewDelivery {
  return { id, webhookId, businessId: 'business-1', event: 'pass.created', body: `{"id":"${id}"}`, createdAt };
}

export function describeDeliveryStoreContract(adapterName: string, open: () => Promise<{ store: DeliveryStore; dispose: () => Promise<void> }>): void {
  describe(`DeliveryStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(open);
    const store = (): DeliveryStore => current().store;

    const ids = async (now: Date, busy: string[] = [], limit = 10) => (await store().nextDue(now, busy, limit)).map((d) => d.id);

    it('records deliveries as pending and due at once, with the feed checkpoint', async () => {
      expect(await store().checkpoint()).toBe(0);
      await store().record([delivery('d-1', 'w-1')], 7);
      expect(await store().checkpoint()).toBe(7);
      expect(await store().get('d-1')).toEqual({
        ...delivery('d-1', 'w-1'),
        status: 'pending',
        attempts: 0,
        lastAttemptAt: null,
        lastResponseCode: null,
        lastError: null,
        nextAttemptAt: T0,
      });
    });

    it('moves the checkpoint without deliveries, and leaves a delivery recorded twice as it was', async () => {
      await store().record([delivery('d-1', 'w-1')], 3);
      await store().saveAttempt('d-1', { status: 'delivered', attemptedAt: at(1), responseCode: 200, error: null, nextAttemptAt: null });
      await store().record([delivery('d-1', 'w-1')], 3);
      await store().record([], 9);
      expect(await store().checkpoint()).toBe(9);
      expect(await store().get('d-1')).toMatchObject({ status: 'delivered', attempts: 1 });
    });

    it('offers the oldest due delivery of each webhook, oldest first, skipping busy webhooks', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('b-1', 'w-b'), delivery('a-2', 'w-a'), delivery('c-1', 'w-c')], 1);
      expect(await ids(T0)).toEqual(['a-1', 'b-1', 'c-1']);
      expect(await ids(T0, ['w-a'])).toEqual(['b-1', 'c-1']);
      expect(await ids(T0, [], 2)).toEqual(['a-1', 'b-1']);
      expect(await ids(at(-1))).toEqual([]);
    });

    it('counts attempts and schedules retries: a delivery waiting for a retry lets the next one of its webhook go', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('a-2', 'w-a')], 1);
      await store().saveAttempt('a-1', { status: 'pending', attemptedAt: at(1), responseCode: 500, error: null, nextAttemptAt: at(60) });
      expect(await store().get('a-1')).toMatchObject({ status: 'pending', attempts: 1, lastAttemptAt: at(1), lastResponseCode: 500, nextAttemptAt: at(60) });
      expect(await ids(at(2))).toEqual(['a-2']);
      await store().saveAttempt('a-2', { status: 'delivered', attemptedAt: at(2), responseCode: 204, error: null, nextAttemptAt: null });
      expect(await ids(at(59))).toEqual([]);
      expect(await ids(at(60))).toEqual(['a-1']);
      await store().saveAttempt('a-1', { status: 'failed', attemptedAt: at(60), responseCode: null, error: 'timeout', nextAttemptAt: null });
      expect(await store().get('a-1')).toMatchObject({ status: 'failed', attempts: 2, lastResponseCode: null, lastError: 'timeout', nextAttemptAt: null });
    });

    it('cancels pending deliveries only', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('a-2', 'w-a')], 1);
      await store().saveAttempt('a-1', { status: 'delivered', attemptedAt: at(1), responseCode: 200, error: null, nextAttemptAt: null });
      await store().cancel('a-1');
      await store().cancel('a-2');
      expect((await store().get('a-1'))?.status).toBe('delivered');
      expect(await store().get('a-2')).toMatchObject({ status: 'cancelled', nextAttemptAt: null });
      expect(await ids(at(100))).toEqual([]);
    });

    it('reschedules a finished delivery, keeping its attempts', async () => {
      await store().record([delivery('a-1', 'w-a')], 1);
      await store().saveAttempt('a-1', { status: 'failed', attemptedAt: at(1), responseCode: 500, error: null, nextAttemptAt: null });
      await store().reschedule('a-1', at(5));
      expect(await store().get('a-1')).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: at(5) });
      expect(await ids(at(5))).toEqual(['a-1']);
    });

    it('lists a webhook’s deliveries newest first, and nothing of other webhooks', async () => {
      await store().record([delivery('a-1', 'w-a'), delivery('b-1', 'w-b'), delivery('a-2', 'w-a')], 1);
      expect((await store().listByWebhook('w-a', 10)).map((d) => d.id)).toEqual(['a-2', 'a-1']);
      expect((await store().listByWebhook('w-a', 1)).map((d) => d.id)).toEqual(['a-2']);
      expect(await store().get('missing')).toBeNull();
    });
  });
}

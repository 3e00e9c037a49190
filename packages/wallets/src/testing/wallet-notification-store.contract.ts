/** The behaviour every WalletNotificationStore adapter owes the notifiers; run against each adapter. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { positionOfInteger } from '@passes/event-store';
import { freshForEachTest } from '@passes/testkit';
import type { NewWalletNotification, WalletNotificationStore } from '../notifier/wallet-notification-store';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const LEASE_MS = 30_000;

export function describeWalletNotificationStoreContract(adapterName: string, open: () => Promise<{ store: WalletNotificationStore; dispose: () => Promise<void> }>): void {
  describe(`WalletNotificationStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(open);
    const store = (): WalletNotificationStore => current().store;

    /** Ids are unique per run, so the suite can run against a shared server. */
    const run = randomUUID().slice(0, 8);
    const id = (name: string) => `${run}-${name}`;
    let feed = 0;
    function notification(name: string, createdAt = T0): NewWalletNotification {
      feed += 1;
      return { id: id(name), work: { kind: 'apple_push', passId: 'pass-1', deviceLibraryIdentifier: name, pushToken: 'ab'.repeat(32) }, position: positionOfInteger(feed), createdAt };
    }
    const mine = (ids: readonly string[]) => ids.filter((each) => each.startsWith(`${run}-`)).map((each) => each.slice(run.length + 1));
    const claim = async (now: Date, holder = 'notifier-1', limit = 10) => mine((await store().claimDue({ holder, now, ttlMs: LEASE_MS }, limit)).map((n) => n.id));

    it('records notifications as pending and due at once, with their work as recorded', async () => {
      const recorded = notification('n-1');
      await store().record([recorded, { ...notification('n-2'), work: { kind: 'google_class', templateId: 't-1' } }]);
      expect(await store().get(id('n-1'))).toEqual({ ...recorded, status: 'pending', attempts: 0, nextAttemptAt: T0, lastError: null });
      expect((await store().get(id('n-2')))?.work).toEqual({ kind: 'google_class', templateId: 't-1' });
      expect(await store().get(id('missing'))).toBeNull();
    });

    it('leaves a notification recorded twice as it was', async () => {
      await store().record([notification('n-1')]);
      await store().saveAttempt(id('n-1'), { status: 'done', nextAttemptAt: null, error: null });
      await store().record([notification('n-1')]);
      expect(await store().get(id('n-1'))).toMatchObject({ status: 'done', attempts: 1 });
    });

    it('hands out due notifications in feed order, up to a limit, each to one holder until its lease runs out', async () => {
      await store().record([notification('a'), notification('b'), notification('c')]);
      expect(await claim(at(-1))).toEqual([]);
      expect(await claim(T0, 'one', 2)).toEqual(['a', 'b']);
      expect(await claim(T0, 'two')).toEqual(['c']);
      expect(await claim(at(1), 'three')).toEqual([]);
      expect(await claim(at(LEASE_MS / 1000), 'three')).toEqual(['a', 'b', 'c']);
    });

    it('gives each due notification to exactly one of many concurrent notifiers', async () => {
      await store().record(Array.from({ length: 5 }, (_, index) => notification(`n-${index}`)));
      const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => claim(T0, `notifier-${index}`)));
      expect(claims.flat().sort()).toEqual(['n-0', 'n-1', 'n-2', 'n-3', 'n-4']);
    });

    it('counts attempts, ends the lease, and holds a retry back until it is due', async () => {
      await store().record([notification('n-1')]);
      await claim(T0);
      await store().saveAttempt(id('n-1'), { status: 'pending', nextAttemptAt: at(60), error: 'HTTP 503' });
      expect(await store().get(id('n-1'))).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: at(60), lastError: 'HTTP 503' });
      expect(await claim(at(59))).toEqual([]);
      expect(await claim(at(60))).toEqual(['n-1']);
      await store().saveAttempt(id('n-1'), { status: 'failed', nextAttemptAt: null, error: '400 BadTopic' });
      expect(await store().get(id('n-1'))).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null });
      expect(await claim(at(1000))).toEqual([]);
    });
  });
}

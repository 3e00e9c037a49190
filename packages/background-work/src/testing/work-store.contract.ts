/** The behaviour every WorkStore adapter owes the runners; run against each adapter. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
import type { NewWork, WorkItem, WorkStore } from '../work-store';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const LEASE_MS = 30_000;

export function describeWorkStoreContract(adapterName: string, open: () => Promise<{ store: WorkStore; dispose: () => Promise<void> }>): void {
  describe(`WorkStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(open);
    const store = (): WorkStore => current().store;

    /** Kinds, ids and groups are unique per run, so the suite can run against a shared server. */
    const run = randomUUID().slice(0, 8);
    const KIND = `${run}-kind`;
    const id = (name: string) => `${run}-${name}`;
    let order = 0;
    function work(name: string, group: string | null = null, dueAt = T0): NewWork {
      order += 1;
      return { id: id(name), kind: KIND, group: group === null ? null : id(group), order: String(order).padStart(8, '0'), payload: { name, list: [1, true, null] }, dueAt, createdAt: T0 };
    }
    const mine = (items: readonly WorkItem[]) => items.map((item) => item.id.slice(run.length + 1));
    const claim = async (now: Date, holder = 'runner-1', limit = 10, kind = KIND) => mine(await store().claimDue(kind, { holder, now, ttlMs: LEASE_MS }, limit));
    const attempt = (seconds: number, code: number | null = null, error: string | null = null) => ({ at: at(seconds), code, error });

    it('records items as pending and due when asked, with their payload as recorded', async () => {
      const recorded = work('a', 'g', at(5));
      await store().record([recorded]);
      expect(await store().get(id('a'))).toEqual({
        ...recorded,
        status: 'pending',
        attempts: 0,
        dueAt: at(5),
        lastAttemptAt: null,
        lastCode: null,
        lastError: null,
      });
      expect(await store().get(id('missing'))).toBeNull();
    });

    it('leaves an item recorded twice as it was', async () => {
      await store().record([work('a')]);
      await store().complete(id('a'), attempt(1, 200));
      await store().record([work('a'), work('b')]);
      expect(await store().get(id('a'))).toMatchObject({ status: 'done', attempts: 1, lastCode: 200, dueAt: null });
      expect(await store().get(id('b'))).toMatchObject({ status: 'pending' });
    });

    it('hands out due items of no group in order, up to a limit, each to one holder until its lease runs out', async () => {
      await store().record([work('a'), work('b'), work('c'), work('later', null, at(60))]);
      expect(await claim(at(-1))).toEqual([]);
      expect(await claim(T0, 'one', 2)).toEqual(['a', 'b']);
      expect(await claim(T0, 'two')).toEqual(['c']);
      expect(await claim(at(1), 'three')).toEqual([]);
      expect(await claim(at(LEASE_MS / 1000), 'three')).toEqual(['a', 'b', 'c']);
    });

    it('hands out only the kind asked for', async () => {
      await store().record([work('a'), { ...work('other'), kind: `${run}-other` }]);
      expect(await claim(T0, 'one', 10, `${run}-other`)).toEqual(['other']);
      expect(await claim(T0)).toEqual(['a']);
    });

    it('hands out the first due item of each group, groups in the order of those items', async () => {
      await store().record([work('a-1', 'a'), work('b-1', 'b'), work('a-2', 'a'), work('alone'), work('c-1', 'c')]);
      expect(await claim(T0, 'one', 3)).toEqual(['a-1', 'b-1', 'alone']);
      expect(await claim(T0, 'two')).toEqual(['c-1']);
    });

    it('leases a group with its item: the next of the group goes once the item is done, or its lease has run out', async () => {
      await store().record([work('a-1', 'a'), work('a-2', 'a'), work('a-3', 'a')]);
      expect(await claim(T0, 'one')).toEqual(['a-1']);
      expect(await claim(T0, 'two')).toEqual([]);
      await store().complete(id('a-1'), attempt(1, 204));
      expect(await claim(at(1), 'two')).toEqual(['a-2']);
      expect(await claim(at(LEASE_MS / 1000), 'three')).toEqual([]);
      expect(await claim(at(1 + LEASE_MS / 1000), 'three')).toEqual(['a-2']);
    });

    it('gives each due item to exactly one of many concurrent runners', async () => {
      await store().record([...Array.from({ length: 5 }, (_, index) => work(`n-${index}`)), ...Array.from({ length: 4 }, (_, index) => work(`g-${index}`, `g-${index % 2}`))]);
      const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => claim(T0, `runner-${index}`)));
      expect(claims.flat().sort()).toEqual(['g-0', 'g-1', 'n-0', 'n-1', 'n-2', 'n-3', 'n-4']);
    });

    it('counts attempts, ends the lease, holds a retry back until it is due and lets the next of its group go meanwhile', async () => {
      await store().record([work('a-1', 'a'), work('a-2', 'a')]);
      await claim(T0);
      await store().fail(id('a-1'), attempt(1, 500, 'HTTP 500'), at(60));
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'pending', attempts: 1, lastAttemptAt: at(1), lastCode: 500, lastError: 'HTTP 500', dueAt: at(60) });
      expect(await claim(at(2))).toEqual(['a-2']);
      await store().complete(id('a-2'), attempt(2, 204));
      expect(await claim(at(59))).toEqual([]);
      expect(await claim(at(60))).toEqual(['a-1']);
      await store().fail(id('a-1'), attempt(60, null, 'timeout'), null);
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'dead', attempts: 2, lastCode: null, lastError: 'timeout', dueAt: null });
      expect(await claim(at(1000))).toEqual([]);
    });

    it('takes back a released item as it was, due at once for another holder', async () => {
      await store().record([work('a-1', 'a'), work('b')]);
      await claim(T0, 'one');
      await store().release(id('a-1'), 'two');
      expect(await claim(T0, 'two')).toEqual([]);
      await store().release(id('a-1'), 'one');
      await store().release(id('b'), 'one');
      expect(await claim(T0, 'two')).toEqual(['a-1', 'b']);
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'pending', attempts: 0 });
    });

    it('tells which items are held, by whom and until when, until an attempt is written down or handed back', async () => {
      await store().record([work('a'), work('b'), work('c-1', 'c'), work('d')]);
      await store().fail(id('d'), attempt(-1, 503), T0);
      await claim(T0, 'one', 2);
      await claim(at(5), 'two');
      const held = async () => (await store().held()).filter((item) => item.id.startsWith(run)).sort((x, y) => x.id.localeCompare(y.id));
      expect(await held()).toEqual([
        { id: id('a'), kind: KIND, holder: 'one', until: at(LEASE_MS / 1000), attempts: 0 },
        { id: id('b'), kind: KIND, holder: 'one', until: at(LEASE_MS / 1000), attempts: 0 },
        { id: id('c-1'), kind: KIND, holder: 'two', until: at(5 + LEASE_MS / 1000), attempts: 0 },
        { id: id('d'), kind: KIND, holder: 'two', until: at(5 + LEASE_MS / 1000), attempts: 1 },
      ]);
      await store().complete(id('a'), attempt(6, 200));
      await store().fail(id('b'), attempt(6, 500), at(60));
      await store().release(id('d'), 'two');
      expect((await held()).map((item) => item.id)).toEqual([id('c-1')]);
    });

    it('counts an attempt its holder left unfinished only while that holder holds the item, freeing its group', async () => {
      await store().record([work('a-1', 'a'), work('a-2', 'a'), work('b')]);
      await claim(T0, 'gone');
      await store().failLeft(id('a-1'), 'someone else', attempt(1, null, 'left'), at(20));
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'pending', attempts: 0 });
      await store().failLeft(id('a-1'), 'gone', attempt(1, null, 'left'), at(20));
      expect(await store().get(id('a-1'))).toMatchObject({ status: 'pending', attempts: 1, lastAttemptAt: at(1), lastError: 'left', dueAt: at(20) });
      expect(await claim(at(2), 'next')).toEqual(['a-2']);
      await store().failLeft(id('b'), 'gone', attempt(2, null, 'left'), null);
      expect(await store().get(id('b'))).toMatchObject({ status: 'dead', attempts: 1, dueAt: null });
      await store().failLeft(id('b'), 'gone', attempt(3, null, 'left'), at(30));
      expect(await store().get(id('b'))).toMatchObject({ status: 'dead', attempts: 1 });
    });

    it('cancels pending items only, ending their lease', async () => {
      await store().record([work('a-1', 'a'), work('a-2', 'a'), work('a-3', 'a')]);
      await store().complete(id('a-1'), attempt(1, 200));
      await claim(T0);
      await store().cancel(id('a-1'));
      await store().cancel(id('a-2'));
      expect((await store().get(id('a-1')))?.status).toBe('done');
      expect(await store().get(id('a-2'))).toMatchObject({ status: 'cancelled', dueAt: null });
      expect(await claim(T0, 'two')).toEqual(['a-3']);
    });

    it('reschedules a finished item, keeping its attempts', async () => {
      await store().record([work('a')]);
      await store().fail(id('a'), attempt(1, 500), null);
      await store().reschedule(id('a'), at(5));
      expect(await store().get(id('a'))).toMatchObject({ status: 'pending', attempts: 1, dueAt: at(5) });
      expect(await claim(at(4))).toEqual([]);
      expect(await claim(at(5))).toEqual(['a']);
    });

    it('lists a kind’s items newest first, by group and status, up to a limit', async () => {
      await store().record([work('a-1', 'a'), work('b-1', 'b'), work('alone')]);
      await store().record([work('a-2', 'a'), { ...work('other'), kind: `${run}-other` }]);
      await store().complete(id('a-1'), attempt(1, 200));
      expect(mine(await store().list({ kind: KIND, limit: 10 }))).toEqual(['a-2', 'alone', 'b-1', 'a-1']);
      expect(mine(await store().list({ kind: KIND, group: id('a'), limit: 10 }))).toEqual(['a-2', 'a-1']);
      expect(mine(await store().list({ kind: KIND, group: id('a'), limit: 1 }))).toEqual(['a-2']);
      expect(mine(await store().list({ kind: KIND, status: 'done', limit: 10 }))).toEqual(['a-1']);
      expect(mine(await store().list({ kind: KIND, group: id('a'), status: 'pending', limit: 10 }))).toEqual(['a-2']);
      expect(await store().list({ kind: KIND, limit: 0 })).toEqual([]);
    });

    it('counts each kind’s pending items and tells the due time of the oldest', async () => {
      await store().record([work('a', null, at(10)), work('b', 'g', at(5)), work('c'), { ...work('other', null, at(-30)), kind: `${run}-other` }]);
      await store().complete(id('c'), attempt(1, 200));
      await store().fail(id('b'), attempt(1, 500), at(20));
      const backlog = (await store().backlog()).filter((kind) => kind.kind.startsWith(run));
      expect(backlog.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
        { kind: KIND, pending: 2, oldestDueAt: at(10) },
        { kind: `${run}-other`, pending: 1, oldestDueAt: at(-30) },
      ]);
    });

    it('removes settled items last attempted, or never attempted and recorded, before an instant; never a pending one', async () => {
      await store().record([work('done'), work('dead'), work('cancelled'), work('recent'), work('retrying'), work('retried by hand'), work('waiting')]);
      await store().complete(id('done'), attempt(1, 200));
      await store().fail(id('dead'), attempt(2, 500), null);
      await store().cancel(id('cancelled'));
      await store().complete(id('recent'), attempt(100, 200));
      await store().fail(id('retrying'), attempt(3, 503), at(3_600));
      await store().fail(id('retried by hand'), attempt(4, 500), null);
      await store().reschedule(id('retried by hand'), at(5));

      expect(await store().removeSettled(at(50), 10)).toBe(3);
      for (const name of ['done', 'dead', 'cancelled']) expect(await store().get(id(name))).toBeNull();
      for (const name of ['recent', 'retrying', 'retried by hand', 'waiting']) expect(await store().get(id(name))).not.toBeNull();
      expect(await store().removeSettled(at(50), 10)).toBe(0);
      expect(await store().removeSettled(at(101), 0)).toBe(0);
      expect(await store().removeSettled(at(101), 1)).toBe(1);
      expect(await store().get(id('recent'))).toBeNull();
      expect(mine(await store().list({ kind: KIND, limit: 10 }))).toEqual(['waiting', 'retried by hand', 'retrying']);
    });

    it('adopts items as they stand elsewhere, once', async () => {
      const adopted: WorkItem = { ...work('old', 'a'), status: 'pending', attempts: 2, dueAt: at(30), lastAttemptAt: at(-10), lastCode: 503, lastError: null };
      await store().adopt([adopted, { ...adopted, id: id('gone'), status: 'dead', dueAt: null }]);
      await store().adopt([{ ...adopted, attempts: 9 }]);
      expect(await store().get(id('old'))).toEqual(adopted);
      expect(await claim(at(30))).toEqual(['old']);
      expect(await store().get(id('gone'))).toMatchObject({ status: 'dead', dueAt: null });
    });
  });
}

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Pass } from '@passes/domain';
import { positionOfInteger } from '@passes/event-store';
import { freshForEachTest } from '@passes/testkit';
import { GenerationConflictError, type CollectionShape, type DocumentStore, type DocumentWrite, type GenerationRef, type PageOrder } from '../document-store';
import { passProjection } from '../projections/read-models';
import { ReadModel } from '../read-models/read-model';

const T0 = new Date('2026-11-23T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const at = (n: number) => positionOfInteger(n);

/** Collection and lease names are unique per test, so the suite can run against a shared server. */
function uniqueShape(version = 1): CollectionShape {
  return { collection: `c_${randomUUID().replaceAll('-', '').slice(0, 20)}`, version, indexes: ['email', 'business'] };
}

function write(id: string, revision: number, keys: Record<string, string[]> = {}, doc: unknown = { id, revision }): DocumentWrite {
  return { id, revision, doc, keys, isNew: false };
}

/** A write made where no document was stored yet. */
const newWrite = (id: string, revision: number, keys: Record<string, string[]> = {}, doc: unknown = { id, revision }): DocumentWrite => ({
  ...write(id, revision, keys, doc),
  isNew: true,
});

/** The behaviour every DocumentStore adapter owes the projector and the queries. */
export function describeDocumentStoreContract(
  adapterName: string,
  createStore: () => Promise<{ store: DocumentStore; dispose: () => Promise<void> }>,
): void {
  describe(`DocumentStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(createStore);
    const store = () => current().store;

    async function liveCollection(shape = uniqueShape()): Promise<GenerationRef> {
      const { generation } = await store().createGeneration(shape, 'live', T0);
      return { collection: shape.collection, generation };
    }

    describe('queries', () => {
      it('find nothing in a collection that has no generation', async () => {
        const { collection } = uniqueShape();
        expect(await store().get(collection, 'a')).toBeNull();
        expect(await store().find(collection, 'email', 'x')).toEqual([]);
        expect(await store().count(collection, 'email', 'x')).toBe(0);
      });

      it('get a committed document with its revision', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 3, {}, { name: 'Ada' })] }], at(10));
        expect(await store().get(target.collection, 'a')).toEqual({ id: 'a', revision: 3, doc: { name: 'Ada' } });
        expect(await store().get(target.collection, 'b')).toBeNull();
      });

      it('scan a collection’s live documents in id order, a page after the last id, skipping removed ones', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('m', 0), write('a', 0), write('z', 0), write('k', 0)] }], at(1));
        await store().commit([{ target, writes: [write('k', 1, {}, null)] }], at(2));
        const first = await store().scan(target.collection, null, 2);
        expect(first.map(({ id }) => id)).toEqual(['a', 'm']);
        expect((await store().scan(target.collection, 'm', 2)).map(({ id, revision, doc }) => ({ id, revision, doc }))).toEqual([{ id: 'z', revision: 0, doc: { id: 'z', revision: 0 } }]);
        expect(await store().scan(uniqueShape().collection, null, 2)).toEqual([]);
      });

      it('find documents by key in the order they were first written, up to a limit', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('z', 0, { email: ['e'] }), write('a', 0, { email: ['e'] })] }], at(1));
        await store().commit([{ target, writes: [write('m', 0, { email: ['e'] }), write('z', 1, { email: ['e'] })] }], at(2));
        expect(await store().find(target.collection, 'email', 'e')).toEqual([{ id: 'z', revision: 1 }, { id: 'a', revision: 0 }, { id: 'm', revision: 0 }]);
        expect(await store().find(target.collection, 'email', 'e', 2)).toEqual([{ id: 'z', revision: 1 }, { id: 'a', revision: 0 }]);
      });

      it('find documents by key a page at a time, each page after the one before, skipping removed ones', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('z', 0, { email: ['e'] }), write('a', 0, { email: ['e'] }), write('x', 0, { email: ['other'] })] }], at(1));
        await store().commit([{ target, writes: [write('m', 0, { email: ['e'] }), write('k', 0, { email: ['e'] }), write('a', 1, {}, null)] }], at(2));
        const first = await store().findPage(target.collection, 'email', 'e', null, 2);
        expect(first.docs).toEqual([{ id: 'z', revision: 0 }, { id: 'm', revision: 0 }]);
        expect(first.next).not.toBeNull();
        // Written after the first page was read: it comes in a later page.
        await store().commit([{ target, writes: [write('n', 0, { email: ['e'] })] }], at(3));
        const second = await store().findPage(target.collection, 'email', 'e', first.next, 2);
        expect(second.docs).toEqual([{ id: 'k', revision: 0 }, { id: 'n', revision: 0 }]);
        expect(second.next).toBeNull();
        expect(await store().findPage(target.collection, 'email', 'none', null, 2)).toEqual({ docs: [], next: null });
      });

      it('find documents by key a page at a time newest first, back to the first written; one written meanwhile comes in no later page', async () => {
        const target = await liveCollection();
        const newestFirst = (after: string | null, key = 'e') => store().findPage(target.collection, 'email', key, after, 2, 'newest-first');
        await store().commit([{ target, writes: [write('z', 0, { email: ['e'] }), write('a', 0, { email: ['e'] }), write('x', 0, { email: ['other'] })] }], at(1));
        await store().commit([{ target, writes: [write('m', 0, { email: ['e'] }), write('k', 0, { email: ['e'] }), write('q', 0, { email: ['e'] }), write('r', 0, { email: ['e'] })] }], at(2));
        await store().commit([{ target, writes: [write('a', 1, {}, null)] }], at(3));
        const first = await newestFirst(null);
        expect(first.docs).toEqual([{ id: 'r', revision: 0 }, { id: 'q', revision: 0 }]);
        expect(first.next).not.toBeNull();
        // Written after the first page was read: a new document is newer than every page, a changed one keeps its place.
        await store().commit([{ target, writes: [write('n', 0, { email: ['e'] }), write('k', 1, { email: ['e'] })] }], at(4));
        const second = await newestFirst(first.next);
        expect(second.docs).toEqual([{ id: 'k', revision: 1 }, { id: 'm', revision: 0 }]);
        const third = await newestFirst(second.next);
        expect(third).toEqual({ docs: [{ id: 'z', revision: 0 }], next: null });
        expect((await newestFirst(null)).docs).toEqual([{ id: 'n', revision: 0 }, { id: 'r', revision: 0 }]);
        expect(await newestFirst(null, 'none')).toEqual({ docs: [], next: null });
      });

      it('refuse a cursor of the other order: a page starts where a page of its own order ended', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0, { email: ['e'] }), write('b', 0, { email: ['e'] }), write('c', 0, { email: ['e'] })] }], at(1));
        const page = (after: string | null, order?: PageOrder) => store().findPage(target.collection, 'email', 'e', after, 1, order);
        const oldest = await page(null);
        const newest = await page(null, 'newest-first');
        expect([oldest.docs, newest.docs]).toEqual([[{ id: 'a', revision: 0 }], [{ id: 'c', revision: 0 }]]);
        await expect(page(oldest.next, 'newest-first')).rejects.toThrow(RangeError);
        await expect(page(newest.next)).rejects.toThrow(RangeError);
        await expect(page(newest.next, 'oldest-first')).rejects.toThrow(RangeError);
        expect((await page(oldest.next, 'oldest-first')).docs).toEqual([{ id: 'b', revision: 0 }]);
        expect((await page(newest.next, 'newest-first')).docs).toEqual([{ id: 'b', revision: 0 }]);
      });

      it('read a page in passing as it reads one kept: the same documents, changes followed', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0, { email: ['e'] }), write('b', 0, { email: ['e'] })] }], at(1));
        const kept = await store().findPage(target.collection, 'email', 'e', null, 5, 'oldest-first', 'kept');
        const passing = await store().findPage(target.collection, 'email', 'e', null, 5, 'oldest-first', 'in-passing');
        expect(passing).toEqual(kept);
        await store().commit([{ target, writes: [write('a', 1, { email: ['e'] }), write('b', 1, {}, null)] }], at(2));
        expect(await store().findPage(target.collection, 'email', 'e', null, 5, 'oldest-first', 'in-passing')).toEqual({ docs: [{ id: 'a', revision: 1 }], next: null });
        expect(await store().findPage(target.collection, 'email', 'e', null, 5, 'oldest-first', 'kept')).toEqual({ docs: [{ id: 'a', revision: 1 }], next: null });
      });

      it('get documents by ids in one read, kept or in passing alike: the live ones by id, absent and removed ones left out, changes followed', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0, {}, { name: 'Ada' }), write('b', 0), write('c', 0)] }], at(1));
        await store().commit([{ target, writes: [write('c', 1, {}, null)] }], at(2));
        const wanted = ['a', 'b', 'c', 'absent', 'a'];
        const expected = new Map([
          ['a', { id: 'a', revision: 0, doc: { name: 'Ada' } }],
          ['b', { id: 'b', revision: 0, doc: { id: 'b', revision: 0 } }],
        ]);
        expect(await store().getMany(target.collection, wanted, 'kept')).toEqual(expected);
        expect(await store().getMany(target.collection, wanted, 'in-passing')).toEqual(expected);
        await store().commit([{ target, writes: [write('a', 1, {}, { name: 'Grace' }), write('b', 1, {}, null), write('c', 2, {}, { back: true })] }], at(3));
        const changed = new Map([
          ['a', { id: 'a', revision: 1, doc: { name: 'Grace' } }],
          ['c', { id: 'c', revision: 2, doc: { back: true } }],
        ]);
        expect(await store().getMany(target.collection, wanted, 'in-passing')).toEqual(changed);
        expect(await store().getMany(target.collection, wanted, 'kept')).toEqual(changed);
        expect(await store().getMany(target.collection, [], 'in-passing')).toEqual(new Map());
        expect(await store().getMany(uniqueShape().collection, ['a'], 'in-passing')).toEqual(new Map());
      });

      it('get documents by ids in passing: what get keeps is served as kept, and nothing read in passing is kept', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0), write('b', 0)] }], at(1));
        const kept = await store().get(target.collection, 'a');
        const passing = await store().getMany(target.collection, ['a', 'b'], 'in-passing');
        expect(passing.get('a')?.doc).toBe(kept?.doc);
        // Read anew by the next get: the copy read in passing was not kept.
        const later = await store().get(target.collection, 'b');
        expect(later).toEqual(passing.get('b'));
        expect(later?.doc).not.toBe(passing.get('b')?.doc);
      });

      it('count the documents a key holds, following key changes and removals', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0, { business: ['b1/live'] }), write('b', 0, { business: ['b1/live'] }), write('c', 0, { business: ['b1/test'] })] }], at(1));
        expect(await store().count(target.collection, 'business', 'b1/live')).toBe(2);
        await store().commit([{ target, writes: [write('a', 1, { business: ['b1/test'] }), write('b', 1, {}, null)] }], at(2));
        expect(await store().count(target.collection, 'business', 'b1/live')).toBe(0);
        expect(await store().count(target.collection, 'business', 'b1/test')).toBe(2);
      });

      it('count a key no further than a limit, removed documents and other keys apart', async () => {
        const target = await liveCollection();
        const writes = ['a', 'b', 'c', 'd'].map((id) => write(id, 0, { email: ['e'] }));
        await store().commit([{ target, writes: [...writes, write('x', 0, { email: ['f'] })] }], at(1));
        await store().commit([{ target, writes: [write('b', 1, {}, null)] }], at(2));
        expect(await store().count(target.collection, 'email', 'e', 2)).toBe(2);
        expect(await store().count(target.collection, 'email', 'e', 10)).toBe(3);
        expect(await store().count(target.collection, 'email', 'f', 10)).toBe(1);
        expect(await store().count(target.collection, 'email', 'none', 10)).toBe(0);
      });

      it('find a document by the keys of its latest write: the same keys, then as many others, then one more', async () => {
        const target = await liveCollection();
        const found = async (email: string) => (await store().find(target.collection, 'email', email)).length;
        const emails = async () => ({ e1: await found('e1'), e2: await found('e2'), e3: await found('e3') });
        await store().commit([{ target, writes: [newWrite('a', 0, { email: ['e1', 'e2'], business: ['b'] })] }], at(1));
        await store().commit([{ target, writes: [write('a', 1, { email: ['e2', 'e1'], business: ['b'] }, { v: 'stamped' })] }], at(2));
        expect(await emails()).toEqual({ e1: 1, e2: 1, e3: 0 });
        expect(await store().find(target.collection, 'business', 'b')).toEqual([{ v: 'stamped' }]);
        await store().commit([{ target, writes: [write('a', 2, { email: ['e3', 'e3', 'e2'], business: ['b'] })] }], at(3));
        expect(await emails()).toEqual({ e1: 0, e2: 1, e3: 1 });
        await store().commit([{ target, writes: [write('a', 3, { email: ['e1', 'e2', 'e3'], business: ['b'] })] }], at(4));
        expect(await emails()).toEqual({ e1: 1, e2: 1, e3: 1 });
      });

      it('keep indexes and collections apart', async () => {
        const [first, second] = [await liveCollection(), await liveCollection()];
        await store().commit([{ target: first, writes: [write('a', 0, { business: ['k'], email: ['k'] })] }], at(1));
        expect(await store().count(first.collection, 'email', 'k')).toBe(1);
        expect(await store().count(second.collection, 'business', 'k')).toBe(0);
        expect(await store().get(second.collection, 'a')).toBeNull();
      });

      describe('by the beginnings of words', () => {
        const scope = 'b1/live/w/';
        const worded = (id: string, revision: number, words: string[], wordScope = scope, keys: Record<string, string[]> = { business: ['b1'] }): DocumentWrite => ({
          ...write(id, revision, keys),
          words: { email: { scope: wordScope, words } },
        });
        const ids = async (target: GenerationRef, beginning: string, order?: PageOrder) =>
          (await store().findPage(target.collection, 'email', { scope, beginning }, null, 10, order)).docs.map((doc) => fieldOf(doc, 'id'));

        it('find a document by each beginning of each of its words, up to twelve characters, and by no other', async () => {
          const target = await liveCollection();
          await store().commit([{ target, writes: [worded('a', 0, ['ada', 'lovelace', 'ångström', 'abcdefghijklmnop']), worded('b', 0, ['adams', '7k3m'])] }], at(1));
          expect(await ids(target, 'a')).toEqual(['a', 'b']);
          expect(await ids(target, 'a', 'newest-first')).toEqual(['b', 'a']);
          expect(await ids(target, 'ada')).toEqual(['a', 'b']);
          expect(await ids(target, 'adam')).toEqual(['b']);
          expect(await ids(target, 'lovelace')).toEqual(['a']);
          expect(await ids(target, 'ångs')).toEqual(['a']);
          expect(await ids(target, '7k')).toEqual(['b']);
          expect(await ids(target, 'abcdefghijkl')).toEqual(['a']);
          // A longer beginning is looked up by its first twelve characters, as the key it would be.
          expect(await ids(target, 'abcdefghijklxyz')).toEqual(['a']);
          for (const none of ['ove', 'lovelacex', 'Ada', 'ad a', 'ad-', '']) expect(await ids(target, none)).toEqual([]);
          expect(await store().count(target.collection, 'email', { scope, beginning: 'a' })).toBe(2);
          expect(await store().count(target.collection, 'email', { scope, beginning: 'a' }, 1)).toBe(1);
          expect(await store().count(target.collection, 'email', { scope, beginning: 'x' })).toBe(0);
          expect(await store().count(target.collection, 'business', 'b1')).toBe(2);
        });

        it('follow a document whose words change or which is removed, and keep scopes, indexes and collections apart', async () => {
          const [target, other] = [await liveCollection(), await liveCollection()];
          await store().commit([{ target, writes: [worded('a', 0, ['ada']), worded('b', 0, ['ada'], 'b2/live/w/'), worded('c', 0, ['ada'])] }], at(1));
          await store().commit([{ target: other, writes: [worded('a', 0, ['ada'])] }], at(1));
          expect(await ids(target, 'ad')).toEqual(['a', 'c']);
          await store().commit([{ target, writes: [worded('a', 1, ['bea']), write('c', 1, {}, null)] }], at(2));
          expect(await ids(target, 'ad')).toEqual([]);
          expect(await ids(target, 'be')).toEqual(['a']);
          expect(await store().count(target.collection, 'business', { scope, beginning: 'be' })).toBe(0);
          await store().commit([{ target, writes: [worded('a', 2, ['bea'], scope, { business: ['b1', 'b3'] })] }], at(3));
          expect(await ids(target, 'be')).toEqual(['a']);
          expect(await store().count(target.collection, 'business', 'b3')).toBe(1);
          expect(await ids(other, 'ad')).toEqual(['a']);
          // Write after write, each compared with what the one before it stored.
          await store().commit([{ target, writes: [worded('a', 3, ['cy'], scope, { business: ['b3'] })] }], at(4));
          expect(await ids(target, 'be')).toEqual([]);
          expect(await ids(target, 'cy')).toEqual(['a']);
          expect(await store().count(target.collection, 'business', 'b3')).toBe(1);
          await store().commit([{ target, writes: [worded('a', 4, ['cy'], scope, { business: ['b3'] })] }], at(5));
          expect(await ids(target, 'cy')).toEqual(['a']);
          await store().commit([{ target, writes: [write('a', 5, {}, null)] }], at(6));
          expect(await ids(target, 'cy')).toEqual([]);
          expect(await store().count(target.collection, 'business', 'b3')).toBe(0);
        });
      });
    });

    describe('read through a read model', () => {
      const pass: Pass = {
        id: 'a',
        businessId: 'b',
        mode: 'live',
        templateId: 't',
        serialNumber: 'S-1',
        status: 'active',
        customerName: null,
        customerEmail: 'ada@example.com',
        externalId: null,
        points: 12,
        balanceMinor: 1050,
        stamps: 0,
        metadata: { tier: 'gold', visits: 3, vip: true },
        barcodeData: null,
        nfcData: null,
        walletDevices: { 'device-1': 'a1b2c3d4e5f60718' },
        rewards: [
          {
            id: 'r-1',
            milestoneId: 'm-1',
            metric: 'stamps',
            threshold: 10,
            title: 'A free coffee',
            description: null,
            earnedAt: T0.toISOString(),
            expiresAt: null,
            redeemedAt: null,
          },
        ],
        lastMessage: { campaignId: 'c-1', header: 'Double stamps', body: 'This Friday only.', sentAt: T0.toISOString(), notify: true },
        messageSources: ['campaign:c-1'],
        notifiedAt: [T0.toISOString()],
        createdAt: T0.toISOString(),
        updatedAt: T0.toISOString(),
        checkedInAt: null,
        redeemedAt: null,
        voidedAt: null,
        reactivatedAt: null,
        payments: {},
        lastScannedAt: null,
        lastActivityAt: T0.toISOString(),
        automationRuns: [],
        automationEmailsStoppedAt: null,
      };
      const passesIn = (target: GenerationRef) => new ReadModel(store(), { ...passProjection, collection: target.collection });

      it('give the documents a projection wrote back as its type, checked against its schema', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0, { email: ['e'] }, pass)] }], at(1));

        expect(await passesIn(target).get('a')).toEqual(pass);
        expect(await passesIn(target).find('email', 'e')).toEqual([pass]);
      });

      it('refuse a stored document not of the shape the read model holds, naming its collection', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0, { email: ['e'] }, { ...pass, points: 'many' })] }], at(1));

        await expect(passesIn(target).get('a')).rejects.toThrow(new RegExp(`${target.collection} document 'a' is not what its projection makes`));
        await expect(passesIn(target).find('email', 'e')).rejects.toThrow(/points/);
      });
    });

    describe('commit', () => {
      it('ignores a write that is not newer than the stored document', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 5, { email: ['new'] }, { v: 'five' })] }], at(1));
        await store().commit([{ target, writes: [write('a', 4, { email: ['old'] }, { v: 'four' }), write('b', 0)] }], at(2));
        await store().commit([{ target, writes: [write('a', 5, { email: ['same'] }, { v: 'again' })] }], at(3));
        expect(await store().get(target.collection, 'a')).toEqual({ id: 'a', revision: 5, doc: { v: 'five' } });
        expect(await store().count(target.collection, 'email', 'new')).toBe(1);
        expect(await store().count(target.collection, 'email', 'old')).toBe(0);
        expect(await store().get(target.collection, 'b')).not.toBeNull();
      });

      it('writes new documents, and holds one stored meanwhile to the revision guard', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('newer', 5, { email: ['n'] }, { v: 'stored' }), write('older', 1, { email: ['o'] }, { v: 'stored' })] }], at(1));
        const writes = [newWrite('a', 0, { email: ['e'] }), newWrite('newer', 2, { email: ['e'] }, { v: 'late' }), newWrite('older', 3, { email: ['e'] }, { v: 'later' }), newWrite('b', 0, { email: ['e'] })];
        await store().commit([{ target, writes }], at(2));
        expect(await store().find(target.collection, 'email', 'e')).toEqual([{ v: 'later' }, { id: 'a', revision: 0 }, { id: 'b', revision: 0 }]);
        expect(await store().get(target.collection, 'newer')).toEqual({ id: 'newer', revision: 5, doc: { v: 'stored' } });
        expect(await store().find(target.collection, 'email', 'n')).toEqual([{ v: 'stored' }]);
        expect(await store().get(target.collection, 'older')).toEqual({ id: 'older', revision: 3, doc: { v: 'later' } });
        expect(await store().find(target.collection, 'email', 'o')).toEqual([]);
      });

      it('removes a document for good: an older event cannot bring it back', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 0, { email: ['e'] })] }], at(1));
        await store().commit([{ target, writes: [write('a', 1, {}, null)] }], at(2));
        await store().commit([{ target, writes: [write('a', 0, { email: ['e'] })] }], at(3));
        expect(await store().get(target.collection, 'a')).toBeNull();
        expect(await store().find(target.collection, 'email', 'e')).toEqual([]);
        expect(await store().load(target, ['a'])).toEqual(new Map([['a', { id: 'a', revision: 1, doc: null }]]));
      });

      it('moves the checkpoint of every generation it writes, even without documents', async () => {
        const [first, second] = [await liveCollection(), await liveCollection()];
        await store().commit([{ target: first, writes: [write('a', 0)] }, { target: second, writes: [] }], at(41));
        const states = await store().collections();
        for (const { collection, generation } of [first, second]) {
          expect(states.find((state) => state.collection === collection)?.live).toEqual({ generation, version: 1, checkpoint: '41' });
        }
      });

      it('keeps checkpoints beyond 64 bits exactly', async () => {
        const target = await liveCollection();
        const large = positionOfInteger(2n ** 64n * 987_654_321n + 7n);
        await store().commit([{ target, writes: [] }], large);
        const state = (await store().collections()).find((candidate) => candidate.collection === target.collection);
        expect(state?.live?.checkpoint).toBe(large);
      });

      it('loads documents of one generation by id, leaving out unknown ids', async () => {
        const target = await liveCollection();
        await store().commit([{ target, writes: [write('a', 2), write('b', 0)] }], at(1));
        const loaded = await store().load(target, ['a', 'missing', 'b']);
        expect([...loaded.keys()].sort()).toEqual(['a', 'b']);
        expect(loaded.get('a')).toEqual({ id: 'a', revision: 2, doc: { id: 'a', revision: 2 } });
      });
    });

    describe('generations', () => {
      it('creates the live generation once, then the next one beside it, once', async () => {
        const shape = uniqueShape();
        const live = await store().createGeneration(shape, 'live', T0);
        expect(live).toEqual({ generation: expect.any(Number), version: 1, checkpoint: null });
        await expect(store().createGeneration(shape, 'live', T0)).rejects.toBeInstanceOf(GenerationConflictError);
        const next = await store().createGeneration({ ...shape, version: 2 }, 'next', later(1000));
        expect(next.generation).not.toBe(live.generation);
        await expect(store().createGeneration({ ...shape, version: 2 }, 'next', T0)).rejects.toBeInstanceOf(GenerationConflictError);
        const state = (await store().collections()).find((candidate) => candidate.collection === shape.collection);
        expect(state).toEqual({
          collection: shape.collection,
          live,
          next: { ...next, requestedAt: later(1000).toISOString() },
          retired: [],
        });
      });

      it('serves the live generation while the next one is built, then the next one once promoted', async () => {
        const shape = uniqueShape();
        const live = await liveCollection(shape);
        await store().commit([{ target: live, writes: [write('a', 0, { email: ['e'] }, { from: 'live' })] }], at(5));
        const { generation } = await store().createGeneration({ ...shape, version: 2 }, 'next', T0);
        const next = { collection: shape.collection, generation };
        await store().commit([{ target: next, writes: [write('a', 0, { email: ['e'] }, { from: 'next' }), write('b', 0, { email: ['e'] }, { from: 'next' })] }], at(5));
        expect(await store().get(shape.collection, 'a')).toMatchObject({ doc: { from: 'live' } });
        expect(await store().count(shape.collection, 'email', 'e')).toBe(1);

        await store().promote(shape.collection, generation);

        expect(await store().get(shape.collection, 'a')).toMatchObject({ doc: { from: 'next' } });
        expect(await store().count(shape.collection, 'email', 'e')).toBe(2);
        const state = (await store().collections()).find((candidate) => candidate.collection === shape.collection);
        expect(state).toMatchObject({ live: { generation, version: 2, checkpoint: '5' }, next: null, retired: [live.generation] });
      });

      it('drops a retired generation with its documents', async () => {
        const shape = uniqueShape();
        const live = await liveCollection(shape);
        await store().commit([{ target: live, writes: [write('a', 0)] }], at(1));
        const { generation } = await store().createGeneration(shape, 'next', T0);
        await store().promote(shape.collection, generation);
        await store().drop(live);
        const state = (await store().collections()).find((candidate) => candidate.collection === shape.collection);
        expect(state?.retired).toEqual([]);
        expect(await store().load(live, ['a'])).toEqual(new Map());
      });

      it('drops an abandoned next generation, leaving the live one serving', async () => {
        const shape = uniqueShape();
        const live = await liveCollection(shape);
        await store().commit([{ target: live, writes: [write('a', 0)] }], at(1));
        const { generation } = await store().createGeneration(shape, 'next', T0);
        await store().drop({ collection: shape.collection, generation });
        expect(await store().get(shape.collection, 'a')).not.toBeNull();
        const state = (await store().collections()).find((candidate) => candidate.collection === shape.collection);
        expect(state?.next).toBeNull();
        await expect(store().createGeneration(shape, 'next', T0)).resolves.toMatchObject({ checkpoint: null });
      });

      it('never gives a number twice, not even that of a dropped generation', async () => {
        const shape = uniqueShape();
        const live = await liveCollection(shape);
        const abandoned = await store().createGeneration(shape, 'next', T0);
        await store().drop({ collection: shape.collection, generation: abandoned.generation });
        const next = await store().createGeneration(shape, 'next', T0);
        expect(next.generation).toBeGreaterThan(abandoned.generation);
        expect(abandoned.generation).toBeGreaterThan(live.generation);
      });

      it('refuses to promote a generation that is not the next one', async () => {
        const shape = uniqueShape();
        const live = await liveCollection(shape);
        await expect(store().promote(shape.collection, live.generation)).rejects.toThrow();
        expect(await store().collections()).toEqual(expect.arrayContaining([expect.objectContaining({ collection: shape.collection, live: expect.objectContaining({ generation: live.generation }) })]));
      });
    });

    describe('leases', () => {
      const name = () => `lease-${randomUUID()}`;
      const neverStale = () => false;

      it('go to one holder at a time until they run out', async () => {
        const lease = name();
        expect(await store().acquireLease(lease, 'one', T0, 10_000, neverStale)).toBe(true);
        expect(await store().acquireLease(lease, 'two', later(9_999), 10_000, neverStale)).toBe(false);
        expect(await store().leaseHolder(lease)).toEqual({ holder: 'one', until: later(10_000) });
        expect(await store().acquireLease(lease, 'two', later(10_000), 10_000, neverStale)).toBe(true);
        expect(await store().leaseHolder(lease)).toEqual({ holder: 'two', until: later(20_000) });
      });

      it('are renewed by their holder', async () => {
        const lease = name();
        await store().acquireLease(lease, 'one', T0, 10_000, neverStale);
        expect(await store().acquireLease(lease, 'one', later(5_000), 10_000, neverStale)).toBe(true);
        expect(await store().acquireLease(lease, 'two', later(12_000), 10_000, neverStale)).toBe(false);
      });

      it('pass at once from a holder known to be gone', async () => {
        const lease = name();
        await store().acquireLease(lease, 'dead', T0, 10_000, neverStale);
        expect(await store().acquireLease(lease, 'heir', later(1), 10_000, (holder) => holder === 'dead')).toBe(true);
      });

      it('are free once released, and only their holder releases them', async () => {
        const lease = name();
        await store().acquireLease(lease, 'one', T0, 10_000, neverStale);
        await store().releaseLease(lease, 'two');
        expect(await store().leaseHolder(lease)).not.toBeNull();
        await store().releaseLease(lease, 'one');
        expect(await store().leaseHolder(lease)).toBeNull();
        expect(await store().acquireLease(lease, 'two', later(1), 10_000, neverStale)).toBe(true);
      });

      it('go to exactly one of many concurrent claimants', async () => {
        const lease = name();
        const claims = await Promise.all(Array.from({ length: 10 }, (_, index) => store().acquireLease(lease, `claimant-${index}`, T0, 10_000, neverStale)));
        expect(claims.filter(Boolean)).toHaveLength(1);
      });
    });
  });
}

/** A field of a document as the store gives it (untyped), if it is an object that has one. */
function fieldOf(doc: unknown, field: string): unknown {
  return typeof doc === 'object' && doc !== null ? Object.entries(doc).find(([key]) => key === field)?.[1] : undefined;
}

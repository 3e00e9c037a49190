import { describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { positionOfInteger } from '@passes/event-store';
import { StoreUnavailableError } from '@passes/storage';
import { describeWithServer, freshMongoDatabase, mongoStoreSubject } from '@passes/testkit';
import type { DocumentWrite } from '../document-store';
import { describeDocumentStoreContract } from '../testing/document-store.contract';
import { MongoDocumentStore } from './mongo-document-store';

describeWithServer('mongodb', 'MongoDocumentStore', (url) => {
  describeDocumentStoreContract('MongoDocumentStore', mongoStoreSubject(url, (db) => MongoDocumentStore.open(db)));

  it('checks queries made at once, of several collections, against one read of the catalog sent after them', async () => {
    const database = await freshMongoDatabase(url);
    const client = new MongoClient(url, { monitorCommands: true });
    const store = await MongoDocumentStore.open(client.db(database.db.databaseName));
    for (const collection of ['passes', 'templates']) await store.createGeneration({ collection, version: 1, indexes: ['email'] }, 'live', new Date());
    await Promise.all([store.get('passes', 'p-1'), store.get('templates', 't-1')]);
    const sent: string[] = [];
    client.on('commandStarted', (event) => sent.push(`${event.commandName} ${String(event.command[event.commandName])}`));

    await Promise.all([store.get('passes', 'p-1'), store.find('passes', 'email', 'e'), store.get('templates', 't-1'), store.count('templates', 'email', 'e')]);

    expect(sent.filter((command) => command === 'find projection_generations')).toHaveLength(1);
    expect(sent.at(-1)).toBe('find projection_generations');
    await store.close();
    await client.close();
    await database.dispose();
  });

  describe('answers kept while the catalog says nothing was written', () => {
    const shape = (collection: string) => ({ collection, version: 1, indexes: ['email'] });
    const write = (id: string, revision: number, stamps: number): DocumentWrite => ({ id, revision, doc: { stamps }, keys: { email: ['e'] }, isNew: revision === 0 });

    /** A projector's store and a reader's (another process) on one database, with a live `passes` and `templates`, and the commands the reader sends. */
    async function readerOfTwoCollections() {
      const database = await freshMongoDatabase(url);
      const projector = await MongoDocumentStore.open(database.db);
      const client = new MongoClient(url, { monitorCommands: true });
      const reader = await MongoDocumentStore.open(client.db(database.db.databaseName));
      const passes = { collection: 'passes', generation: (await projector.createGeneration(shape('passes'), 'live', new Date())).generation };
      const templates = { collection: 'templates', generation: (await projector.createGeneration(shape('templates'), 'live', new Date())).generation };
      await projector.commit([{ target: passes, writes: [write('p-1', 0, 0)] }, { target: templates, writes: [write('t-1', 0, 0)] }], positionOfInteger(1));
      const sent: string[] = [];
      client.on('commandStarted', (event) => sent.push(`${event.commandName} ${String(event.command[event.commandName])}`));
      const close = async () => {
        await Promise.all([projector.close(), reader.close()]);
        await client.close();
        await database.dispose();
      };
      return { projector, reader, passes, templates, sent, close };
    }

    it('serves a document and a lookup again with one read of the catalog for both', async () => {
      const { reader, sent, close } = await readerOfTwoCollections();
      await reader.get('passes', 'p-1');
      // Asked once, a lookup goes by its generation's mark and is not kept; asked again, it is.
      await reader.find('passes', 'email', 'e');
      await reader.find('passes', 'email', 'e');
      sent.length = 0;

      const [stored, found] = await Promise.all([reader.get('passes', 'p-1'), reader.find('passes', 'email', 'e')]);

      expect(stored).toMatchObject({ doc: { stamps: 0 } });
      expect(found).toEqual([{ stamps: 0 }]);
      expect(sent).toEqual(['find projection_generations']);
      await close();
    });

    it('reads a collection anew once a batch wrote into it, and keeps what the batch did not write to', async () => {
      const { projector, reader, passes, sent, close } = await readerOfTwoCollections();
      await Promise.all([reader.get('passes', 'p-1'), reader.find('passes', 'email', 'e'), reader.get('templates', 't-1')]);
      await projector.commit([{ target: passes, writes: [write('p-1', 1, 1), write('p-2', 0, 0)] }], positionOfInteger(2));
      sent.length = 0;

      const [stored, found, template] = await Promise.all([reader.get('passes', 'p-1'), reader.find('passes', 'email', 'e'), reader.get('templates', 't-1')]);

      expect(stored).toMatchObject({ revision: 1, doc: { stamps: 1 } });
      expect(found).toEqual([{ stamps: 1 }, { stamps: 0 }]);
      expect(template).toMatchObject({ doc: { stamps: 0 } });
      expect(sent.filter((command) => command.startsWith('find templates'))).toEqual([]);
      expect(sent.filter((command) => command.startsWith('find passes'))).toHaveLength(2);
      await close();
    });

    it('keeps no answer of a query during which its collection was written, only the next one', async () => {
      const { projector, reader, passes, sent, close } = await readerOfTwoCollections();
      await reader.get('passes', 'p-1');
      // The reader last found the collection before this batch: its next query runs after the batch, its read of the catalog before it did not.
      await projector.commit([{ target: passes, writes: [write('p-2', 0, 2)] }], positionOfInteger(2));
      sent.length = 0;

      const answers = [await reader.get('passes', 'p-2'), await reader.get('passes', 'p-2'), await reader.get('passes', 'p-2')];

      expect(answers).toEqual(Array.from({ length: 3 }, () => expect.objectContaining({ doc: { stamps: 2 } })));
      const query = `find passes_g${passes.generation}`;
      expect(sent).toEqual([query, 'find projection_generations', query, 'find projection_generations', 'find projection_generations']);
      await close();
    });

    it('asks a lookup not asked before with one command, its generation checked by the mark the query fetches', async () => {
      const { reader, passes, sent, close } = await readerOfTwoCollections();
      await reader.get('passes', 'p-1');
      sent.length = 0;

      expect(await reader.find('passes', 'email', 'e', 1)).toEqual([{ stamps: 0 }]);
      expect(await reader.find('passes', 'email', 'f')).toEqual([]);

      expect(sent).toEqual([`find passes_g${passes.generation}`, `find passes_g${passes.generation}`]);
      await close();
    });

    it('asks the gets of several documents made in one turn with one find', async () => {
      const { projector, reader, passes, sent, close } = await readerOfTwoCollections();
      await projector.commit([{ target: passes, writes: [write('p-2', 0, 2), write('p-3', 0, 3)] }], positionOfInteger(2));
      await reader.get('passes', 'p-9');
      sent.length = 0;

      const answers = await Promise.all(['p-1', 'p-2', 'p-3', 'p-2', 'p-4'].map((id) => reader.get('passes', id)));

      expect(answers.map((answer) => answer?.doc ?? null)).toEqual([{ stamps: 0 }, { stamps: 2 }, { stamps: 3 }, { stamps: 2 }, null]);
      expect(sent).toEqual([`find passes_g${passes.generation}`, 'find projection_generations']);
      await close();
    });

    it('asks at most a thousand gets with one find', async () => {
      const { reader, passes, sent, close } = await readerOfTwoCollections();
      await reader.get('passes', 'p-1');
      sent.length = 0;

      const answers = await Promise.all(Array.from({ length: 1_001 }, (_, index) => reader.get('passes', `absent-${index}`)));

      expect(answers.every((answer) => answer === null)).toBe(true);
      expect(sent.filter((command) => command === `find passes_g${passes.generation}`)).toHaveLength(2);
      await close();
    });

    it('asks the first lookups of several keys of one index made in one turn with one find, each answered with its own documents', async () => {
      const { projector, reader, passes, sent, close } = await readerOfTwoCollections();
      const keyed = (id: string, email: string): DocumentWrite => ({ id, revision: 0, doc: { id }, keys: { email: [email] }, isNew: true });
      await projector.commit([{ target: passes, writes: [keyed('p-2', 'f'), keyed('p-3', 'f'), keyed('p-4', 'g')] }], positionOfInteger(2));
      await reader.get('passes', 'p-1');
      sent.length = 0;

      const answers = await Promise.all([reader.find('passes', 'email', 'e'), reader.find('passes', 'email', 'f'), reader.find('passes', 'email', 'g'), reader.find('passes', 'email', 'h')]);

      expect(answers).toEqual([[{ stamps: 0 }], [{ id: 'p-2' }, { id: 'p-3' }], [{ id: 'p-4' }], []]);
      expect(sent).toEqual([`find passes_g${passes.generation}`]);
      await close();
    });

    it('asks each key of a batch of first lookups alone when the batch came back full, so no key loses documents to another', async () => {
      const { projector, reader, passes, sent, close } = await readerOfTwoCollections();
      const keyed = (id: string, email: string): DocumentWrite => ({ id, revision: 0, doc: { id }, keys: { email: [email] }, isNew: true });
      await projector.commit([{ target: passes, writes: [keyed('p-2', 'f'), keyed('p-3', 'f'), keyed('p-4', 'f'), keyed('p-5', 'g')] }], positionOfInteger(2));
      await reader.get('passes', 'p-1');
      sent.length = 0;

      const answers = await Promise.all([reader.find('passes', 'email', 'f', 2), reader.find('passes', 'email', 'g', 2)]);

      expect(answers).toEqual([[{ id: 'p-2' }, { id: 'p-3' }], [{ id: 'p-5' }]]);
      expect(sent).toHaveLength(3);
      await close();
    });

    it('keeps a document not found, and finds it once a batch wrote it', async () => {
      const { projector, reader, passes, close } = await readerOfTwoCollections();
      expect(await reader.get('passes', 'p-9')).toBeNull();
      expect(await reader.get('passes', 'p-9')).toBeNull();
      await projector.commit([{ target: passes, writes: [write('p-9', 0, 3)] }], positionOfInteger(2));

      expect(await reader.get('passes', 'p-9')).toMatchObject({ doc: { stamps: 3 } });
      await close();
    });
  });

  describe('a query of one process after another process promoted a generation', () => {
    const shape = { collection: 'passes', version: 1, indexes: ['email'] };
    const pass = (revision: number, stamps: number): DocumentWrite => ({ id: 'p-1', revision, doc: { stamps }, keys: { email: ['e'] }, isNew: revision === 0 });

    /**
     * One process's store (`projector`) and three others' on one database, each of which has made one kind
     * of query on the live generation; then `projector` builds a next one, in which the pass has a stamp more
     * and another pass has its key, and promotes it.
     */
    async function promotedElsewhere() {
      const database = await freshMongoDatabase(url);
      const projector = await MongoDocumentStore.open(database.db);
      const [getter, finder, counter] = await Promise.all([1, 2, 3].map(() => MongoDocumentStore.open(database.db)));
      if (!getter || !finder || !counter) throw new Error('stores not opened');
      const old = { collection: 'passes', generation: (await projector.createGeneration(shape, 'live', new Date())).generation };
      await projector.commit([{ target: old, writes: [pass(0, 0)] }], positionOfInteger(1));
      expect(await getter.get('passes', 'p-1')).toMatchObject({ doc: { stamps: 0 } });
      expect(await finder.find('passes', 'email', 'e')).toEqual([{ stamps: 0 }]);
      expect(await counter.count('passes', 'email', 'e')).toBe(1);
      const next = { collection: 'passes', generation: (await projector.createGeneration(shape, 'next', new Date())).generation };
      const another: DocumentWrite = { id: 'p-2', revision: 0, doc: { stamps: 0 }, keys: { email: ['e'] }, isNew: true };
      await projector.commit([{ target: next, writes: [pass(0, 0), pass(1, 1), another] }], positionOfInteger(3));
      await projector.promote('passes', next.generation);
      const stores = [projector, getter, finder, counter];
      return { projector, getter, finder, counter, old, close: () => Promise.all(stores.map((store) => store.close())).then(database.dispose) };
    }

    it('answers from the generation promoted, not from the one it read before', async () => {
      const { getter, finder, counter, close } = await promotedElsewhere();
      expect(await getter.get('passes', 'p-1')).toMatchObject({ doc: { stamps: 1 } });
      // A lookup not asked before finds the replaced generation's mark retired; one asked before goes by the catalog.
      expect(await finder.find('passes', 'email', 'e', 5)).toEqual([{ stamps: 1 }, { stamps: 0 }]);
      expect(await finder.find('passes', 'email', 'e')).toEqual([{ stamps: 1 }, { stamps: 0 }]);
      expect(await counter.count('passes', 'email', 'e')).toBe(2);
      await close();
    });

    it('answers from the generation promoted once the one it read before is dropped', async () => {
      const { projector, getter, finder, counter, old, close } = await promotedElsewhere();
      await projector.drop(old);
      expect(await getter.get('passes', 'p-1')).toMatchObject({ doc: { stamps: 1 } });
      expect(await finder.find('passes', 'email', 'e', 1)).toEqual([{ stamps: 1 }]);
      expect(await counter.count('passes', 'email', 'e')).toBe(2);
      await close();
    });
  });
});

describe('MongoDocumentStore without a reachable server', () => {
  it('fails a query with StoreUnavailableError instead of hanging', async () => {
    // Port 9 (discard) has no listener on loopback here.
    const client = new MongoClient('mongodb://127.0.0.1:9', { serverSelectionTimeoutMS: 300 });
    const store = await MongoDocumentStore.open(client.db('passes'));
    await expect(store.get('passes', 'a')).rejects.toBeInstanceOf(StoreUnavailableError);
    await client.close();
  });
});

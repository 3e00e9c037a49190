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

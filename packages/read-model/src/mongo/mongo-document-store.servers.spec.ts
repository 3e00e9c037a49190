import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { connectMongo, StoreUnavailableError } from '@passes/storage';
import { describeWithServer } from '@passes/testkit';
import { describeDocumentStoreContract } from '../testing/document-store.contract';
import { MongoDocumentStore } from './mongo-document-store';

describeWithServer('mongodb', 'MongoDocumentStore', (url) => {
  describeDocumentStoreContract('MongoDocumentStore', async () => {
    const connection = await connectMongo(url, `passes_test_${randomUUID().slice(0, 8)}`);
    const store = await MongoDocumentStore.open(connection.db);
    return {
      store,
      dispose: async () => {
        await store.close();
        await connection.db.dropDatabase();
        await connection.close();
      },
    };
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

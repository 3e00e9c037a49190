import { describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { StoreUnavailableError } from '@passes/storage';
import { describeWithServer, mongoStoreSubject } from '@passes/testkit';
import { describeDocumentStoreContract } from '../testing/document-store.contract';
import { MongoDocumentStore } from './mongo-document-store';

describeWithServer('mongodb', 'MongoDocumentStore', (url) => {
  describeDocumentStoreContract('MongoDocumentStore', mongoStoreSubject(url, (db) => MongoDocumentStore.open(db)));
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

import { describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { StoreUnavailableError } from '@passes/storage';
import { describeWithServer, mongoStoreSubject } from '@passes/testkit';
import { MongoCheckpointStore } from './mongo-checkpoint-store';
import { positionOfInteger } from './position';
import { describeCheckpointStoreContract } from './testing/checkpoint-store.contract';

describeWithServer('mongodb', 'MongoCheckpointStore', (url) => {
  describeCheckpointStoreContract('MongoCheckpointStore', mongoStoreSubject(url, (db) => MongoCheckpointStore.open(db)));
});

describe('MongoCheckpointStore without a reachable server', () => {
  it('fails loads and saves with StoreUnavailableError instead of hanging', async () => {
    // Port 9 (discard) has no listener on loopback here.
    const client = new MongoClient('mongodb://127.0.0.1:9', { serverSelectionTimeoutMS: 300 });
    const store = await MongoCheckpointStore.open(client.db('passes'));
    await expect(store.load('relay')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.save('relay', positionOfInteger(1))).rejects.toBeInstanceOf(StoreUnavailableError);
    await client.close();
  });
});

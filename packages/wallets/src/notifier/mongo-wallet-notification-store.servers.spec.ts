import { randomUUID } from 'node:crypto';
import { connectMongo } from '@passes/storage';
import { describeWithServer } from '@passes/testkit';
import { describeWalletNotificationStoreContract } from '../testing/wallet-notification-store.contract';
import { MongoWalletNotificationStore } from './mongo-wallet-notification-store';

describeWithServer('mongodb', 'MongoWalletNotificationStore', (url) => {
  describeWalletNotificationStoreContract('MongoWalletNotificationStore', async () => {
    const connection = await connectMongo(url, `passes_test_${randomUUID().slice(0, 8)}`);
    const store = await MongoWalletNotificationStore.open(connection.db);
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

import { describeWithServer, mongoStoreSubject } from '@passes/testkit';
import { describeWalletNotificationStoreContract } from '../testing/wallet-notification-store.contract';
import { MongoWalletNotificationStore } from './mongo-wallet-notification-store';

describeWithServer('mongodb', 'MongoWalletNotificationStore', (url) => {
  describeWalletNotificationStoreContract('MongoWalletNotificationStore', mongoStoreSubject(url, (db) => MongoWalletNotificationStore.open(db)));
});

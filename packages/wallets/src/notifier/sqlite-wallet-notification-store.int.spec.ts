import { afterAll, beforeAll } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeWalletNotificationStoreContract } from '../testing/wallet-notification-store.contract';
import { SqliteWalletNotificationStore } from './sqlite-wallet-notification-store';

let directory = '';
let files = 0;

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-notifications-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describeWalletNotificationStoreContract('SqliteWalletNotificationStore', async () => {
  const store = SqliteWalletNotificationStore.open(path.join(directory, `notifications-${++files}.sqlite`));
  return { store, dispose: () => store.close() };
});

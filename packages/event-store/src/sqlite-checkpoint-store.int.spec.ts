import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store';
import { describeCheckpointStoreContract } from './testing/checkpoint-store.contract';

let directory = '';
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-checkpoints-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describeCheckpointStoreContract('SqliteCheckpointStore', async () => {
  const store = SqliteCheckpointStore.open(path.join(directory, `${Date.now()}-${Math.random()}.sqlite`));
  return { store, dispose: () => store.close() };
});

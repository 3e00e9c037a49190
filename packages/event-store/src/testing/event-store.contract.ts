import { afterEach, beforeEach, describe } from '@jest/globals';
import type { EventStore } from '../event-store';
import { describeAppendContract } from './contract/append.contract';
import { describeReadContract } from './contract/read.contract';
import { describeSubscribeContract } from './contract/subscribe.contract';

/**
 * The behaviour every EventStore adapter owes the application. It never assumes an empty store nor
 * dense positions, so it can run against a shared EventStoreDB as well as a fresh SQLite file.
 */
export function describeEventStoreContract(
  adapterName: string,
  createStore: () => Promise<{ store: EventStore; dispose: () => Promise<void> }>,
): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let current: { store: EventStore; dispose: () => Promise<void> } | undefined;
    const store = (): EventStore => {
      if (current === undefined) throw new Error('No store: createStore has not run');
      return current.store;
    };

    beforeEach(async () => {
      current = await createStore();
    });

    afterEach(async () => {
      await current?.dispose();
      current = undefined;
    });

    describeAppendContract(store);
    describeReadContract(store);
    describeSubscribeContract(store);
  });
}

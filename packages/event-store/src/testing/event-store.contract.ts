import { describe } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
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
    const current = freshForEachTest(createStore);
    const store = (): EventStore => current().store;

    describeAppendContract(store);
    describeReadContract(store);
    describeSubscribeContract(store);
  });
}

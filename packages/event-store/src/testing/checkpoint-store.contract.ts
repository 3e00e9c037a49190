import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { freshForEachTest } from '@passes/testkit';
import type { CheckpointStore } from '../checkpoint-store';
import { positionOfInteger } from '../position';

/** The behaviour every CheckpointStore adapter owes feed followers. Names are unique per test, so a shared server works. */
export function describeCheckpointStoreContract(
  adapterName: string,
  createStore: () => Promise<{ store: CheckpointStore; dispose: () => Promise<void> }>,
): void {
  describe(`CheckpointStore contract: ${adapterName}`, () => {
    const current = freshForEachTest(createStore);
    const store = () => current().store;

    it('has no position for a follower that never saved one', async () => {
      expect(await store().load(`follower-${randomUUID()}`)).toBeNull();
    });

    it('returns the position saved last', async () => {
      const name = `follower-${randomUUID()}`;
      await store().save(name, positionOfInteger(7));
      await store().save(name, positionOfInteger(12));
      expect(await store().load(name)).toBe('12');
    });

    it('keeps followers apart', async () => {
      const [first, second] = [`follower-${randomUUID()}`, `follower-${randomUUID()}`];
      await store().save(first, positionOfInteger(3));
      await store().save(second, positionOfInteger(99));
      expect(await store().load(first)).toBe('3');
      expect(await store().load(second)).toBe('99');
    });

    it('keeps positions beyond 64 bits exactly', async () => {
      const name = `follower-${randomUUID()}`;
      const large = positionOfInteger((2n ** 64n) * 123_456_789n + 42n);
      await store().save(name, large);
      expect(await store().load(name)).toBe(large);
    });
  });
}

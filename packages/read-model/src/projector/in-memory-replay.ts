/**
 * A projection folded over events in memory, as the projector folds them into a store (projectBatch,
 * revision guard and all): what an auditor compares the stored documents with. It holds every document
 * it made, so it suits a business's events, or a store an operator can hold in memory.
 */
import type { RecordedEvent } from '@passes/event-store';
import type { StoredDocument } from '../document-store';
import type { Projection } from '../projections/projection';
import { projectBatch } from './project-batch';

export class InMemoryReplay {
  private readonly stored = new Map<string, StoredDocument<unknown>>();
  private readonly target: { collection: string; generation: number };

  constructor(private readonly projection: Projection) {
    this.target = { collection: projection.collection, generation: 0 };
  }

  /** Folds the next events, in feed order. */
  async take(events: readonly RecordedEvent[]): Promise<void> {
    const load = async (_target: unknown, ids: readonly string[]) => new Map(ids.flatMap((id) => [this.stored.get(id)].filter((doc) => doc !== undefined).map((doc) => [id, doc] as const)));
    for (const write of await projectBatch({ load }, this.target, this.projection, events)) {
      const current = this.stored.get(write.id);
      if (current === undefined || current.revision < write.revision) this.stored.set(write.id, { id: write.id, revision: write.revision, doc: write.doc });
    }
  }

  /** Every document made, by id; removed ones as null. */
  documents(): ReadonlyMap<string, unknown> {
    return new Map([...this.stored].map(([id, { doc }]) => [id, doc]));
  }
}

/**
 * Where each projection stands, for operators (`passes projections status`) and readiness: its live
 * generation, how far behind the event store it is, and how far a rebuild has got.
 */
import type { EventStore, Position } from '@passes/event-store';
import type { DocumentStore } from '../document-store';
import type { Projection } from '../projections/projection';

/** Lags are counted no further: past it the store is far behind anyway, and counting costs a read. */
export const LAG_COUNT_LIMIT = 1_000_000;

interface RebuildStatus {
  generation: number;
  checkpoint: Position | null;
  /** Events the new generation has been through, and all there are. */
  done: number;
  total: number;
}

export interface ProjectionStatus {
  name: string;
  /** The version of the projection's code. */
  version: number;
  liveGeneration: number | null;
  liveVersion: number | null;
  checkpoint: Position | null;
  head: Position | null;
  /** Events the live generation has yet to take in (at most LAG_COUNT_LIMIT). */
  lag: number;
  /** `stale`: built by another version of the code, and no rebuild under way. */
  state: 'live' | 'stale' | 'rebuilding';
  rebuild: RebuildStatus | null;
}

export async function projectionStatuses(events: EventStore, documents: DocumentStore, projections: readonly Projection[]): Promise<ProjectionStatus[]> {
  const [head, states] = await Promise.all([events.headPosition(), documents.collections()]);
  const total = head === null ? 0 : await events.countBetween(null, head, LAG_COUNT_LIMIT);
  const behind = (checkpoint: Position | null) => (head === null ? Promise.resolve(0) : events.countBetween(checkpoint, head, LAG_COUNT_LIMIT));
  return Promise.all(
    projections.map(async (projection): Promise<ProjectionStatus> => {
      const state = states.find((candidate) => candidate.collection === projection.collection);
      const live = state?.live ?? null;
      const next = state?.next ?? null;
      const rebuild = next === null ? null : { generation: next.generation, checkpoint: next.checkpoint, done: total - (await behind(next.checkpoint)), total };
      return {
        name: projection.collection,
        version: projection.version,
        liveGeneration: live?.generation ?? null,
        liveVersion: live?.version ?? null,
        checkpoint: live?.checkpoint ?? null,
        head,
        lag: await behind(live?.checkpoint ?? null),
        state: rebuild !== null ? 'rebuilding' : live !== null && live.version === projection.version ? 'live' : 'stale',
        rebuild,
      };
    }),
  );
}

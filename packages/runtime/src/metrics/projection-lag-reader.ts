/** How far each projection's live generation is behind the event store, read for the metrics. */
import type { EventStore } from '@passes/event-store';
import type { DocumentStore } from '@passes/read-model';
import type { ProjectionLag } from './metrics';

/** Lags are counted up to here: beyond it, a projection is far behind anyway. */
export const LAG_COUNT_LIMIT = 10_000;

export function projectionLagReader(events: EventStore, documents: DocumentStore): () => Promise<ProjectionLag[]> {
  return async () => {
    const [head, states] = await Promise.all([events.headPosition(), documents.collections()]);
    return Promise.all(
      states.map(async (state) => ({
        projection: state.collection,
        events: head === null ? 0 : await events.countBetween(state.live?.checkpoint ?? null, head, LAG_COUNT_LIMIT),
      })),
    );
  };
}

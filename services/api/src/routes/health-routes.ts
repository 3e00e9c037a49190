/**
 * Health at the server root (DESIGN §6): `/healthz` says the process is up; `/readyz` says whether each
 * store answers, how far each projection is behind the event store, and how long each kind of background
 * work has waited. Background work that lags is reported, not a reason to take the API out of service: a
 * receiver that is down holds up its own deliveries, not the requests.
 */
import { workLag, type WorkStore } from '@passes/background-work';
import type { Clock } from '@passes/application';
import { hasReached, type EventStore, type Position } from '@passes/event-store';
import type { LivenessResponse, ReadinessResponse } from '@passes/contracts';
import type { DocumentStore } from '@passes/read-model';
import { LAG_COUNT_LIMIT } from '@passes/runtime';
import { Router } from 'express';

export function healthRoutes(events: EventStore, documents: DocumentStore, work: WorkStore, clock: Clock): Router {
  const router = Router();
  router.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' } satisfies LivenessResponse);
  });
  router.get('/readyz', async (_request, response) => {
    const [head, collections, lags] = await Promise.allSettled([events.headPosition(), documents.collections(), workLag(work, clock.now())]);
    const dependencies = {
      event_store: head.status === 'fulfilled' ? ('ok' as const) : ('unavailable' as const),
      read_store: collections.status === 'fulfilled' ? ('ok' as const) : ('unavailable' as const),
      work_store: lags.status === 'fulfilled' ? ('ok' as const) : ('unavailable' as const),
    };
    const headPosition = head.status === 'fulfilled' ? head.value : null;
    const lagOf = (checkpoint: Position | null) => (headPosition === null ? Promise.resolve(0) : events.countBetween(checkpoint, headPosition, LAG_COUNT_LIMIT));
    const projections =
      collections.status === 'fulfilled'
        ? await Promise.all(
            collections.value.map(async (state) => ({
              name: state.collection,
              checkpoint: state.live?.checkpoint ?? null,
              head: headPosition,
              lag: await lagOf(state.live?.checkpoint ?? null).catch(() => null),
              caught_up: state.live !== null && hasReached(state.live.checkpoint, headPosition),
            })),
          )
        : [];
    const ready = Object.values(dependencies).every((status) => status === 'ok') && projections.length > 0 && projections.every((projection) => projection.caught_up);
    const backgroundWork = lags.status === 'fulfilled' ? lags.value.map(({ kind, pending, lagSeconds }) => ({ kind, pending, lag_seconds: lagSeconds })) : [];
    response.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', dependencies, projections, background_work: backgroundWork } satisfies ReadinessResponse);
  });
  return router;
}

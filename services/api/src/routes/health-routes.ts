/**
 * Health at the server root (DESIGN §6): `/healthz` says the process is up; `/readyz` says whether each
 * store answers, how far each projection is behind the event store, whether the process's followers of
 * the event feed follow, and how long each kind of background work has waited. Background work that lags
 * is reported, not a reason to take the API out of service: a receiver that is down holds up its own
 * deliveries, not the requests.
 */
import type { Clock } from '@passes/application';
import { workLag, type WorkStore } from '@passes/background-work';
import type { LivenessResponse, ReadinessResponse } from '@passes/contracts';
import { hasReached, type EventStore, type Position } from '@passes/event-store';
import type { DocumentStore } from '@passes/read-model';
import { LAG_COUNT_LIMIT, type FollowerHealth } from '@passes/runtime';
import { Router } from 'express';

interface HealthSources {
  events: EventStore;
  documents: DocumentStore;
  work: WorkStore;
  clock: Clock;
  /** The followers of the event feed that run in this process. */
  followers: () => readonly FollowerHealth[];
}

export function healthRoutes({ events, documents, work, clock, followers }: HealthSources): Router {
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
    const following = followers().map(({ follower, running, restarts }) => ({ name: follower, running, restarts }));
    const backgroundWork = lags.status === 'fulfilled' ? lags.value.map(({ kind, pending, lagSeconds }) => ({ kind, pending, lag_seconds: lagSeconds })) : [];
    const ready =
      Object.values(dependencies).every((status) => status === 'ok') &&
      projections.length > 0 &&
      projections.every((projection) => projection.caught_up) &&
      following.every((follower) => follower.running);
    response
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not_ready', dependencies, projections, followers: following, background_work: backgroundWork } satisfies ReadinessResponse);
  });
  return router;
}

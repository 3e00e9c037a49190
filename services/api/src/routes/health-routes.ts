/** Health at the server root (DESIGN §6): the process is up; the stores answer and projections are current. */
import type { EventStore } from '@passes/event-store';
import type { Projector } from '@passes/read-model';
import { Router } from 'express';

export function healthRoutes(events: EventStore, projector: Projector): Router {
  const router = Router();
  router.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  router.get('/readyz', async (_request, response) => {
    const head = await events.headPosition();
    const ready = projector.position >= head;
    response.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'catching_up', position: projector.position, head });
  });
  return router;
}

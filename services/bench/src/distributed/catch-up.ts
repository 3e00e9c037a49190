/**
 * How fast a worker (projector, relay) works through a backlog: stopped, the backlog appended, started
 * again, timed until it has caught up. Timed from its ready line, so node's start and the connections
 * to the servers are not counted as work; the time from spawn is kept beside it.
 */
import { performance } from 'node:perf_hooks';
import { pollUntil } from '../polling';
import type { WorkerStart } from './topology';

/** A backlog that takes longer has a problem no figure describes. */
const TIMEOUT_MS = 10 * 60_000;

export interface CatchUp {
  events: number;
  fromReadySeconds: number;
  fromSpawnSeconds: number;
  /** events / fromReadySeconds. */
  eventsPerSecond: number;
}

export async function timeCatchUp(
  events: number,
  start: () => Promise<WorkerStart>,
  caughtUp: () => Promise<boolean>,
  { what, intervalMs }: { what: string; intervalMs: number },
): Promise<CatchUp> {
  const { spawnedAt, readyAt } = await start();
  await pollUntil(caughtUp, { what, timeoutMs: TIMEOUT_MS, intervalMs });
  const done = performance.now();
  const fromReadySeconds = (done - readyAt) / 1000;
  return { events, fromReadySeconds, fromSpawnSeconds: (done - spawnedAt) / 1000, eventsPerSecond: events / fromReadySeconds };
}

/**
 * How far the service's projections are behind its event store, as `/readyz` at the server root tells
 * (`lag`: events not yet in a projection's live generation). Appends made straight into the store are
 * picked up by the projector's polling, so a figure measured before the lag is 0 would include its work.
 */
import { pollUntil } from './polling';

interface ProjectionLag {
  name: string;
  /** null when the store could not count it. */
  lag: number | null;
}

/** Polled often enough to time a catch-up to a fifth of a second, rarely enough to leave the stores alone. */
const POLL_MS = 200;

/** `apiUrl` as the service announces it, e.g. `http://127.0.0.1:4000/api/v1`; `/readyz` is at its origin. */
async function projectionLags(apiUrl: string): Promise<ProjectionLag[]> {
  // 503 (not ready) carries the same body as 200.
  const response = await fetch(`${new URL(apiUrl).origin}/readyz`);
  const body = (await response.json()) as { projections?: ProjectionLag[] };
  return body.projections ?? [];
}

export async function isCaughtUp(apiUrl: string): Promise<boolean> {
  const lags = await projectionLags(apiUrl);
  return lags.length > 0 && lags.every((projection) => projection.lag === 0);
}

export function waitUntilCaughtUp(apiUrl: string, timeoutMs: number): Promise<void> {
  return pollUntil(() => isCaughtUp(apiUrl), { what: `every projection's lag 0 on ${apiUrl}`, timeoutMs, intervalMs: POLL_MS });
}

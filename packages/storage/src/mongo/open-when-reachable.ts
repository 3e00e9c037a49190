/**
 * Opening the distributed profile's stores at start-up, while MongoDB may still be starting or slow to
 * answer: an attempt that fails because the server cannot be reached is made again after a wait that
 * doubles, and each wait is told to the caller (a log line saying what the process waits for), instead of
 * the process exiting and waiting for someone to restart it.
 */
import { StoreUnavailableError } from '../store-unavailable-error';
import { isUnreachable } from './mongo-errors';

export interface ReachabilityWait {
  attempt: number;
  /** How long until the next attempt. */
  delayMs: number;
  /** Why the last attempt failed, in the driver's words (never a credential: the URL is not in it). */
  reason: string;
}

export interface OpenWhenReachableOptions {
  onWait: (wait: ReachabilityWait) => void;
  /** Give up (with the last error) once waiting would pass this; unbounded when absent. */
  maxWaitMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Waits are cut short when it aborts, and the last error is thrown. */
  signal?: AbortSignal;
}

export async function openWhenReachable<Opened>(open: () => Promise<Opened>, options: OpenWhenReachableOptions): Promise<Opened> {
  const { onWait, maxWaitMs = Number.POSITIVE_INFINITY, firstDelayMs = 500, maxDelayMs = 30_000, signal } = options;
  let waited = 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await open();
    } catch (error) {
      const delayMs = Math.min(firstDelayMs * 2 ** (attempt - 1), maxDelayMs);
      if (!(isUnreachable(error) || error instanceof StoreUnavailableError) || waited + delayMs > maxWaitMs || signal?.aborted) throw error;
      onWait({ attempt, delayMs, reason: reasonOf(error) });
      await pause(delayMs, signal);
      waited += delayMs;
    }
  }
}

function reasonOf(error: unknown): string {
  const root = error instanceof StoreUnavailableError && error.cause instanceof Error ? error.cause : error;
  return root instanceof Error ? `${root.name}: ${root.message}` : String(root);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

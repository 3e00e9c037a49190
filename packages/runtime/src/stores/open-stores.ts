/** Opens the stores of the configured profile. */
import type { Config } from '../config/config';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import { openEmbeddedStores } from './embedded-stores';
import type { Stores } from './stores';

/** While the distributed profile's servers cannot be reached at start-up, the process waits for them. */
export interface ServerWaiting {
  /** Told of each wait: what is waited for, why, and when the next attempt is. */
  onWait: (wait: { server: string; attempt: number; delayMs: number; reason: string }) => void;
  /** Give up (with the last error) once waiting would pass this; a process waits as long as it takes. */
  maxWaitMs?: number;
}

/** `metrics`, when given, counts the commands the distributed profile sends to MongoDB. */
export async function openStores(config: Config, now: () => Date, waiting?: ServerWaiting, metrics?: Metrics): Promise<Stores> {
  if (config.distributed === null) return openEmbeddedStores(config, now);
  // Loaded only here: the distributed adapters bring the MongoDB and EventStoreDB clients with them.
  const { openDistributedStores } = await import('./distributed-stores.js');
  return openDistributedStores(config, config.distributed, now, waiting, metrics);
}

/** A process waits as long as it takes, and says in its log what it waits for. */
export function waitingInLog(logger: Logger): ServerWaiting {
  return { onWait: ({ server, attempt, delayMs, reason }) => logger.warn(`waiting for ${server}`, { attempt, retry_in_ms: delayMs, reason }) };
}

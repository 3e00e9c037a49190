/** Opens the stores of the configured profile. */
import type { Config } from '../config/config';
import { openEmbeddedStores } from './embedded-stores';
import type { Stores } from './stores';

export async function openStores(config: Config, now: () => Date): Promise<Stores> {
  if (config.distributed === null) return openEmbeddedStores(config, now);
  // Loaded only here: the distributed adapters bring the MongoDB and EventStoreDB clients with them.
  const { openDistributedStores } = await import('./distributed-stores.js');
  return openDistributedStores(config, config.distributed, now);
}

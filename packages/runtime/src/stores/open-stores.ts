/** Opens the stores of the configured profile. */
import type { Config } from '../config/config';
import { openDistributedStores } from './distributed-stores';
import { openEmbeddedStores } from './embedded-stores';
import type { Stores } from './stores';

export async function openStores(config: Config, now: () => Date): Promise<Stores> {
  if (config.distributed === null) return openEmbeddedStores(config, now);
  return openDistributedStores(config, config.distributed, now);
}

/** The ports of one process (or of one embedded server among several in a test run), registered once. */
import type { Clock, IdGenerator } from '@passes/application';
import { readModelsOf } from '@passes/read-model';
import { systemHostResolver, type HostResolver } from '@passes/webhooks';
import type { Config } from '../config/config';
import type { Logger } from '../logging/logger';
import { meteredEventStore } from '../metrics/metered-event-store';
import type { Metrics } from '../metrics/metrics';
import type { Stores } from '../stores/stores';
import { TOKENS } from '../tokens';
import { PortRegistry } from './port-registry';

export interface ProcessBasics {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  metrics: Metrics;
  /** Tests answer for webhook host names themselves; processes use the system resolver. */
  resolveHost?: HostResolver;
  /**
   * Where deliveries look their targets up: the system resolver, or in tests a table of the receivers they
   * run, so that no delivery reaches for the network while registration still sees public names.
   */
  resolveDeliveryHost?: HostResolver;
}

/** Every append made through the registered event store is timed for the metrics. */
export function processPorts(basics: ProcessBasics, stores: Stores): PortRegistry {
  return new PortRegistry()
    .provide(TOKENS.config, basics.config)
    .provide(TOKENS.clock, basics.clock)
    .provide(TOKENS.ids, basics.ids)
    .provide(TOKENS.logger, basics.logger)
    .provide(TOKENS.metrics, basics.metrics)
    .provide(TOKENS.hostResolver, basics.resolveHost ?? systemHostResolver)
    .provide(TOKENS.deliveryHostResolver, basics.resolveDeliveryHost ?? systemHostResolver)
    .provide(TOKENS.eventStore, meteredEventStore(stores.events, basics.metrics))
    .provide(TOKENS.documentStore, stores.documents)
    .provide(TOKENS.readModels, readModelsOf(stores.documents))
    .provide(TOKENS.workStore, stores.work)
    .provide(TOKENS.rateLimitStore, stores.rateLimits)
    .provide(TOKENS.idempotencyStore, stores.idempotencyKeys)
    .provide(TOKENS.checkpointStore, stores.checkpoints)
    .provide(TOKENS.mailer, stores.mailer)
    .provide(TOKENS.catchUpRunner, stores.catchUps)
    .provide(TOKENS.exportFiles, stores.exportFiles)
    .provide(TOKENS.templateImageStore, stores.templateImages);
}

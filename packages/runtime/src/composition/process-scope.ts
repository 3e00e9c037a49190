/** A container for one process (or one embedded server among several in a test run), with the ports registered. */
import 'reflect-metadata';
import type { Clock, IdGenerator } from '@passes/application';
import { systemHostResolver, type HostResolver } from '@passes/webhooks';
import { container, type DependencyContainer } from 'tsyringe';
import type { Config } from '../config/config';
import type { Logger } from '../logging/logger';
import { meteredEventStore } from '../metrics/metered-event-store';
import type { Metrics } from '../metrics/metrics';
import { registerStores } from '../stores/register-stores';
import type { Stores } from '../stores/stores';
import { TOKENS } from '../tokens';

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

/** Every append made through the scope's event store is timed for the metrics. */
export function processScope({ config, clock, ids, logger, metrics, resolveHost, resolveDeliveryHost }: ProcessBasics, stores: Stores): DependencyContainer {
  const scope = container.createChildContainer();
  scope.register(TOKENS.config, { useValue: config });
  scope.register(TOKENS.clock, { useValue: clock });
  scope.register(TOKENS.ids, { useValue: ids });
  scope.register(TOKENS.logger, { useValue: logger });
  scope.register(TOKENS.metrics, { useValue: metrics });
  scope.register(TOKENS.hostResolver, { useValue: resolveHost ?? systemHostResolver });
  scope.register(TOKENS.deliveryHostResolver, { useValue: resolveDeliveryHost ?? systemHostResolver });
  registerStores(scope, { ...stores, events: meteredEventStore(stores.events, metrics) });
  return scope;
}

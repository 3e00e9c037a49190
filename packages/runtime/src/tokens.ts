/**
 * The ports a process registers, each under a typed token: registering or resolving the wrong type under
 * a token does not compile.
 */
import type { Clock, ExportFiles, IdGenerator, TemplateImageStore } from '@passes/application';
import type { WorkStore } from '@passes/background-work';
import type { CheckpointStore, EventStore } from '@passes/event-store';
import type { Mailer } from '@passes/mailer';
import type { CatchUpRunner, DocumentStore, ReadModels } from '@passes/read-model';
import type { IdempotencyStore, RateLimitStore } from '@passes/request-guards';
import type { HostResolver } from '@passes/webhooks';
import type { Config } from './config/config';
import type { Logger } from './logging/logger';
import type { Metrics } from './metrics/metrics';

/** A symbol that carries the type of what is registered under it. */
export interface Token<T> {
  readonly symbol: symbol;
  /** Never set: it only makes `Token<A>` and `Token<B>` different types (invariant in T). */
  readonly type?: (value: T) => T;
}

function token<T>(description: string): Token<T> {
  return { symbol: Symbol(description) };
}

export const TOKENS = {
  config: token<Config>('Config'),
  clock: token<Clock>('Clock'),
  ids: token<IdGenerator>('IdGenerator'),
  logger: token<Logger>('Logger'),
  metrics: token<Metrics>('Metrics'),
  eventStore: token<EventStore>('EventStore'),
  documentStore: token<DocumentStore>('DocumentStore'),
  /** The typed read models over the document store, one set per process. */
  readModels: token<ReadModels>('ReadModels'),
  /** Due work of every kind (webhook deliveries, wallet notifications, timers): the background-work engine's store. */
  workStore: token<WorkStore>('WorkStore'),
  rateLimitStore: token<RateLimitStore>('RateLimitStore'),
  idempotencyStore: token<IdempotencyStore>('IdempotencyStore'),
  checkpointStore: token<CheckpointStore>('CheckpointStore'),
  mailer: token<Mailer>('Mailer'),
  /** Where the projector catches rebuilt generations up; null: on a thread of its own. */
  catchUpRunner: token<CatchUpRunner | null>('CatchUpRunner'),
  /** How webhook hosts are resolved at registration. */
  hostResolver: token<HostResolver>('HostResolver'),
  /** How a webhook delivery finds its target's addresses. */
  deliveryHostResolver: token<HostResolver>('DeliveryHostResolver'),
  /** Where analytics exports' files are written and read. */
  exportFiles: token<ExportFiles>('ExportFiles'),
  templateImageStore: token<TemplateImageStore>('TemplateImageStore'),
} as const;

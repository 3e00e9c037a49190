/**
 * Every adapter of the embedded profile, each in its own SQLite file (or the outbox directory) under the
 * data directory: opened together, closed together, the event store last.
 */
import path from 'node:path';
import { openEmbeddedStores, type Clock } from '@passes/application';
import type { SqliteEventStore } from '@passes/event-store';
import type { Mailer } from '@passes/mailer';
import type { SqliteDocumentStore } from '@passes/read-model';
import { SqliteIdempotencyStore, SqliteRateLimitStore } from '@passes/request-guards';
import { SqliteDeliveryStore } from '@passes/webhooks';
import type { Config } from './config';
import { openEmbeddedMailer } from './embedded-mailer';

/** Idempotency keys live 24 h (spec: Limits); a claim running for a minute belongs to a dead process. */
const IDEMPOTENCY_TIMINGS = { ttlMs: 24 * 3_600_000, abandonAfterMs: 60_000 };

export interface EmbeddedAdapters {
  events: SqliteEventStore;
  documents: SqliteDocumentStore;
  deliveries: SqliteDeliveryStore;
  rateLimits: SqliteRateLimitStore;
  idempotencyKeys: SqliteIdempotencyStore;
  mailer: Mailer;
}

export function openEmbeddedAdapters(config: Config, clock: Clock): EmbeddedAdapters {
  const file = (name: string) => path.join(config.dataDir, name);
  return {
    ...openEmbeddedStores(config.dataDir, { now: () => clock.now() }),
    deliveries: SqliteDeliveryStore.open(file('webhook-deliveries.sqlite')),
    rateLimits: SqliteRateLimitStore.open(file('rate-limits.sqlite')),
    idempotencyKeys: SqliteIdempotencyStore.open(file('idempotency.sqlite'), IDEMPOTENCY_TIMINGS),
    mailer: openEmbeddedMailer(config, clock),
  };
}

export async function closeEmbeddedAdapters(adapters: EmbeddedAdapters): Promise<void> {
  await adapters.mailer.close();
  await adapters.deliveries.close();
  await adapters.rateLimits.close();
  await adapters.idempotencyKeys.close();
  await adapters.documents.close();
  await adapters.events.close();
}

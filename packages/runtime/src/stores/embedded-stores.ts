/**
 * The embedded profile's adapters: each store in its own SQLite file (or the outbox directory) under
 * the data directory. The distributed profile with `PASSES_EVENT_STORE=sqlite` shares the event store
 * file between the processes of one host.
 */
import path from 'node:path';
import { SqliteWorkStore } from '@passes/background-work';
import { SqliteCheckpointStore, SqliteEventStore } from '@passes/event-store';
import { SqliteDocumentStore, WalCheckpointer, WorkerCatchUpRunner } from '@passes/read-model';
import { SqliteIdempotencyStore, SqliteRateLimitStore } from '@passes/request-guards';
import { convertSqliteWalletNotifications, SqliteTemplateImageStore } from '@passes/wallets';
import { convertSqliteDeliveries } from '@passes/webhooks';
import type { Config } from '../config/config';
import { DATA_FILES, openDataFile } from './data-directory';
import { jsonLogger } from '../logging/pino-logger';
import { DirectoryExportFiles } from './directory-export-files';
import { openMailer } from './mailer';
import { IDEMPOTENCY_TIMINGS, type Stores } from './stores';

/** Another process's appends to a shared file are seen by polling it; within a process, at once. */
const SHARED_FILE_POLL_INTERVAL_MS = 20;

export function openSqliteEventStore(config: Config, now: () => Date): SqliteEventStore {
  const shared = config.profile === 'distributed';
  return openDataFile(config.dataDir, DATA_FILES.events, (file) => SqliteEventStore.open(file, { now, ...(shared ? { pollIntervalMs: SHARED_FILE_POLL_INTERVAL_MS } : {}) }));
}

export async function openEmbeddedStores(config: Config, now: () => Date): Promise<Stores> {
  const file = (name: string) => path.join(config.dataDir, name);
  const open = <Store>(name: string, opener: (file: string) => Store) => openDataFile(config.dataDir, name, opener);
  const stores = {
    events: openSqliteEventStore(config, now),
    documents: open(DATA_FILES.readModels, (file) => SqliteDocumentStore.open(file)),
    work: open(DATA_FILES.work, (file) => SqliteWorkStore.open(file)),
    rateLimits: open(DATA_FILES.rateLimits, (file) => SqliteRateLimitStore.open(file)),
    idempotencyKeys: open(DATA_FILES.idempotency, (file) => SqliteIdempotencyStore.open(file, IDEMPOTENCY_TIMINGS)),
    checkpoints: open(DATA_FILES.checkpoints, (file) => SqliteCheckpointStore.open(file)),
    mailer: openMailer(config, now),
    catchUps: new WorkerCatchUpRunner({ events: file(DATA_FILES.events), documents: file(DATA_FILES.readModels) }),
    exportFiles: new DirectoryExportFiles(file('exports')),
    templateImages: open(DATA_FILES.templateImages, (file) => SqliteTemplateImageStore.open(file)),
  };
  // The stores of before the work store, converted once.
  await convertSqliteDeliveries(file('webhook-deliveries.sqlite'), stores.work);
  await convertSqliteWalletNotifications(file('wallet-notifications.sqlite'), stores.work);
  // Without it the store is whole and its log bounded all the same: its own commits copy the log back.
  const checkpointer = WalCheckpointer.start(file(DATA_FILES.readModels), { onError: (error) => jsonLogger().warn('read store checkpointer', { error }) });
  return {
    ...stores,
    close: async () => {
      await stores.mailer.close();
      await stores.checkpoints.close();
      await stores.templateImages.close();
      await stores.work.close();
      await stores.rateLimits.close();
      await stores.idempotencyKeys.close();
      await checkpointer.stop();
      await stores.documents.close();
      await stores.events.close();
    },
  };
}

/**
 * The distributed profile's adapters: EventStoreDB (or one SQLite event store file shared by the
 * processes of a host, `PASSES_EVENT_STORE=sqlite`), and MongoDB for everything every process must
 * see alike. Mail still lands in the data directory's outbox, and goes out over SMTP when configured.
 */
import path from 'node:path';
import { MongoWorkStore } from '@passes/background-work/distributed';
import type { EventStore } from '@passes/event-store';
import { EsdbEventStore, MongoCheckpointStore } from '@passes/event-store/distributed';
import { MongoDocumentStore } from '@passes/read-model/distributed';
import { MongoIdempotencyStore, MongoRateLimitStore } from '@passes/request-guards/distributed';
import { StoreUnavailableError } from '@passes/storage';
import { connectMongo, isUnreachable, openWhenReachable } from '@passes/storage/distributed';
import { convertMongoWalletNotifications, MongoTemplateImageStore } from '@passes/wallets/distributed';
import { convertMongoDeliveries } from '@passes/webhooks/distributed';
import type { Config, DistributedConfig } from '../config/config';
import type { Metrics } from '../metrics/metrics';
import { openSqliteEventStore } from './embedded-stores';
import { DirectoryExportFiles } from './directory-export-files';
import { openMailer } from './mailer';
import type { ServerWaiting } from './open-stores';
import { ServerUnreachable } from './server-unreachable';
import { IDEMPOTENCY_TIMINGS, type Stores } from './stores';

export async function openDistributedStores(config: Config, settings: DistributedConfig, now: () => Date, waiting?: ServerWaiting, metrics?: Metrics): Promise<Stores> {
  const server = `MongoDB at ${hostsOf(settings.mongoUrl)}`;
  const onWait = waiting?.onWait ?? (() => undefined);
  try {
    return await openWhenReachable(() => openOnce(config, settings, now, metrics), {
      onWait: (wait) => onWait({ server, ...wait }),
      ...(waiting?.maxWaitMs === undefined ? {} : { maxWaitMs: waiting.maxWaitMs }),
    });
  } catch (error) {
    if (!(isUnreachable(error) || error instanceof StoreUnavailableError)) throw error;
    const waited = `${Math.round((waiting?.maxWaitMs ?? 0) / 1000)} s`;
    throw new ServerUnreachable(`${server} did not answer within ${waited}: start it, or correct PASSES_MONGODB_URL`, { cause: error });
  }
}

/** The hosts of a MongoDB URL, without its credentials or options, for a log line. */
function hostsOf(url: string): string {
  const hosts = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]+)/.exec(url)?.[1];
  return hosts ?? 'the configured URL';
}

async function openOnce(config: Config, settings: DistributedConfig, now: () => Date, metrics: Metrics | undefined): Promise<Stores> {
  const onCommand = metrics ? (command: string, collection: string | null) => metrics.mongoCommandSent(command, metricsCollection(collection)) : undefined;
  const mongo = await connectMongo(settings.mongoUrl, settings.mongoDatabase, onCommand ? { onCommand } : {});
  try {
    const documents = await MongoDocumentStore.open(mongo.db);
    const work = await MongoWorkStore.open(mongo.db);
    // The stores of before the work store, converted once.
    await convertMongoDeliveries(mongo.db, work);
    await convertMongoWalletNotifications(mongo.db, work);
    // Opened once MongoDB has answered: an attempt that fails before leaves nothing open behind it.
    const stores = {
      documents,
      work,
      rateLimits: await MongoRateLimitStore.open(mongo.db),
      idempotencyKeys: await MongoIdempotencyStore.open(mongo.db, IDEMPOTENCY_TIMINGS, now),
      checkpoints: await MongoCheckpointStore.open(mongo.db),
      events: openEventStore(config, settings, now),
      mailer: openMailer(config, now),
      catchUps: null,
      // On the data volume the processes share: the dispatcher writes what the API serves.
      exportFiles: new DirectoryExportFiles(path.join(config.dataDir, 'exports')),
      templateImages: await MongoTemplateImageStore.open(mongo.db),
    };
    return {
      ...stores,
      close: async () => {
        await stores.mailer.close();
        await Promise.all([
          stores.checkpoints.close(),
          stores.work.close(),
          stores.rateLimits.close(),
          stores.idempotencyKeys.close(),
          stores.documents.close(),
          stores.templateImages.close(),
        ]);
        await mongo.close();
        await stores.events.close();
      },
    };
  } catch (error) {
    await mongo.close();
    throw error;
  }
}

/** A read model's generations (`passes_g3`) under the read model's name, so that rebuilds add no label values. */
function metricsCollection(collection: string | null): string {
  return collection === null ? '' : collection.replace(/_g\d+$/, '');
}

function openEventStore(config: Config, settings: DistributedConfig, now: () => Date): EventStore {
  switch (settings.eventStore) {
    case 'sqlite':
      return openSqliteEventStore(config, now);
    case 'eventstoredb':
      if (settings.eventStoreUrl === null) throw new Error('PASSES_EVENTSTORE_URL is required when PASSES_EVENT_STORE is eventstoredb');
      return EsdbEventStore.connect(settings.eventStoreUrl);
  }
}

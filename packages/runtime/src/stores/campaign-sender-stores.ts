/**
 * The embedded profile's stores as the campaign sender's thread opens them: connections of its own to the
 * files of the service's data directory (events, read models, background work), beside the main thread's.
 */
import path from 'node:path';
import { SqliteWorkStore, type WorkStore } from '@passes/background-work';
import { SqliteEventStore, type EventStore } from '@passes/event-store';
import { SqliteDocumentStore, type DocumentStore } from '@passes/read-model';

export interface CampaignSenderStores {
  events: EventStore;
  documents: DocumentStore;
  work: WorkStore;
  /** Closes them, the event store last. */
  close(): Promise<void>;
}

export function openCampaignSenderStores(dataDir: string, now: () => Date): CampaignSenderStores {
  const file = (name: string) => path.join(dataDir, name);
  const events = SqliteEventStore.open(file('events.sqlite'), { now });
  const documents = SqliteDocumentStore.open(file('read-models.sqlite'));
  const work = SqliteWorkStore.open(file('background-work.sqlite'));
  return {
    events,
    documents,
    work,
    close: async () => {
      await work.close();
      await documents.close();
      await events.close();
    },
  };
}

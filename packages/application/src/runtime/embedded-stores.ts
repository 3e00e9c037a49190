/** The embedded profile's storage: two SQLite files in the data directory. */
import path from 'node:path';
import { SqliteEventStore } from '@passes/event-store';
import { SqliteDocumentStore } from '@passes/read-model';

export interface EmbeddedStores {
  events: SqliteEventStore;
  documents: SqliteDocumentStore;
}

export function openEmbeddedStores(dataDir: string, options: { now?: () => Date } = {}): EmbeddedStores {
  return {
    events: SqliteEventStore.open(path.join(dataDir, 'events.sqlite'), options),
    documents: SqliteDocumentStore.open(path.join(dataDir, 'read-models.sqlite')),
  };
}

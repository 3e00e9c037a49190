/**
 * The distributed profile's event store (EventStoreDB) and checkpoint store (MongoDB), behind an entry
 * point of their own so that the embedded profile and the CLI never load the EventStoreDB and MongoDB
 * clients (a few hundred milliseconds of start-up).
 */
export * from './esdb-event-store';
export * from './mongo-checkpoint-store';

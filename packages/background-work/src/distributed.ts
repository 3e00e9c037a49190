/**
 * The distributed profile's work store (MongoDB), behind an entry point of its own so that the embedded
 * profile and the CLI never load the MongoDB client (a few hundred milliseconds of start-up).
 */
export * from './mongo/mongo-work-store';
export * from './mongo/mongo-conversion';

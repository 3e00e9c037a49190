/**
 * The MongoDB connection and error helpers that the distributed profile's adapters share. They have an
 * entry point of their own so that the embedded profile and the CLI never load the MongoDB client (a few
 * hundred milliseconds of start-up).
 */
export * from './mongo/mongo-connection';
export * from './mongo/mongo-errors';
export * from './mongo/open-when-reachable';

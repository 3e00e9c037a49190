/**
 * The distributed profile's rate-limit and idempotency stores (MongoDB), behind an entry point of their own
 * so that the embedded profile and the CLI never load the MongoDB client (a few hundred milliseconds of
 * start-up).
 */
export * from './mongo/mongo-rate-limit-store';
export * from './mongo/mongo-idempotency-store';

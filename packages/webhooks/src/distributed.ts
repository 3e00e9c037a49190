/**
 * The conversion of the distributed profile's delivery store of before the work store (MongoDB), behind
 * an entry point of its own so that the embedded profile and the CLI never load the MongoDB client.
 */
export * from './delivery/mongo-legacy-deliveries';

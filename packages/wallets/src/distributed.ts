/**
 * The conversion of the distributed profile's wallet notification store of before the work store
 * (MongoDB), and its template image store, behind an entry point of its own so that the embedded profile and the CLI never load the
 * MongoDB client (a few hundred milliseconds of start-up).
 */
export * from './notifier/mongo-legacy-notifications';
export * from './images/mongo-template-image-store';

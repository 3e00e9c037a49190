export * from './mongo/mongo-connection';
export * from './mongo/mongo-errors';
export * from './store-unavailable-error';
export * from './due-work/due-work-scans';

export * from './store-unavailable-error';
export * from './sqlite/group-commit';
export * from './sqlite/bound-limit';
export * from './sqlite/open-wal-database';
export * from './sqlite/storage-full';
export * from './sqlite/exclusive-file';
export * from './sqlite/database-copy';
export * from './sqlite/unreadable-file';

export * from './store-unavailable-error';
export * from './due-work/due-work-scans';
export * from './sqlite/group-commit';
export * from './sqlite/bound-limit';

export * from './json-value';
export * from './work-store';
export * from './work-kind';
export * from './runner/work-handler';
export * from './runner/work-runner';
export * from './sqlite/sqlite-work-store';
export * from './work-lag';
export * from './sqlite/sqlite-conversion';

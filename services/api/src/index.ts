export * from './api-server';
export * from './embedded-server';

export * from './api-server';
export * from './embedded-server';
export * from './http/app-server';

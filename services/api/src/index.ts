export * from './config';
export * from './embedded-server';
export * from './logger';

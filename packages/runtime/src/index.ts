// tsyringe needs the Reflect polyfill before it loads; every process and test reaches it through here.
import 'reflect-metadata';
export * from './config/config';
export * from './config/secret-key';
export * from './logging/logger';
export * from './stores/open-stores';
export * from './stores/register-stores';
export * from './stores/stores';
export * from './tokens';
export * from './composition/compose-application';
export * from './composition/process-scope';
export * from './composition/run-process';
export * from './composition/compose-wallets';

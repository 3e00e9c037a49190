// tsyringe needs the Reflect polyfill before it loads; every process and test reaches it through here.
import 'reflect-metadata';
export * from './config/config';
export * from './config/secret-key';
export * from './config/trust-proxy';
export * from './logging/logger';
export * from './logging/pino-logger';
export * from './metrics/metrics';
export * from './metrics/metrics-listener';
export * from './metrics/prometheus-metrics';
export * from './metrics/projection-lag-reader';
export * from './stores/open-stores';
export * from './stores/register-stores';
export * from './stores/stores';
export * from './tokens';
export * from './composition/compose-application';
export * from './composition/process-scope';
export * from './composition/run-process';
export * from './composition/compose-wallets';

export * from './process-projector';

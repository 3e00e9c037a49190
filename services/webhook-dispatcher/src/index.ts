export * from './dispatcher-service';

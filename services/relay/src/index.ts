export * from './relay-service';

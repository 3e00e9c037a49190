export * from './projector-service';

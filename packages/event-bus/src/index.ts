export * from './event-message';
export * from './kafka-client';
export * from './kafka-event-feed';
export * from './relay';
export * from './topic';

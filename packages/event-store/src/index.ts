export * from './checkpoint-store';
export * from './checkpointed-feed';
export * from './envelope';
export * from './event-feed';
export * from './event-store';
export * from './position';
export * from './sqlite-checkpoint-store';
export * from './sqlite-event-store';

export * from './event-store';
export * from './sqlite-event-store';

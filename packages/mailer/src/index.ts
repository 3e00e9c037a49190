export * from './mailer';
export * from './fan-out-mailer';
export * from './outbox-mailer';
export * from './smtp-mailer';

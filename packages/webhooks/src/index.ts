export * from './delivery/delivery-store';
export * from './delivery/sqlite-delivery-store';
export * from './dispatcher/webhook-dispatcher';
export * from './dispatcher/webhook-feed-filter';
export * from './signing/webhook-secret';
export * from './signing/webhook-secret-cipher';
export * from './targets/webhook-url-policy';
export * from './targets/host-resolver';

export * from './account-bodies';
export * from './bulk-bodies';
export * from './customer-bodies';
export * from './field-limits';
export * from './pass-bodies';
export * from './scan-bodies';
export * from './template-bodies';
export * from './webhook-bodies';

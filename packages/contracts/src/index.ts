export * from './account-bodies';
export * from './customer-bodies';
export * from './field-limits';
export * from './pass-bodies';

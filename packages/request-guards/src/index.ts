export * from './rate-limit/rate-limit-store';
export * from './idempotency/idempotency-store';
export { SqliteRateLimitStore } from './sqlite/sqlite-rate-limit-store';
export { SqliteIdempotencyStore } from './sqlite/sqlite-idempotency-store';

/**
 * A request a store could not serve for reasons of its own, not the request's: one that cannot be reached
 * (MongoDB, EventStoreDB) or one whose disk is full (SQLite). Either answers 503 with `Retry-After`, is
 * never recorded as an Idempotency-Key's answer, and leaves nothing half-written: the same request succeeds
 * once the store is back or has room.
 */
import type { Logger } from '@passes/runtime';
import { isStorageFull, StoreUnavailableError } from '@passes/storage';
import { ApiError } from './api-error';

/** A store that is down is worth a retry in a few seconds; the process reconnects by itself. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = '5';
/** Room is made by an operator, not by waiting: a retry much sooner would only meet the same refusal. */
const RETRY_AFTER_FULL_SECONDS = '60';

export type StoreFailure = { kind: 'unavailable'; store: string } | { kind: 'full' };

export function storeFailureOf(error: unknown): StoreFailure | null {
  if (error instanceof StoreUnavailableError) return { kind: 'unavailable', store: error.store };
  if (isStorageFull(error)) return { kind: 'full' };
  return null;
}

export function storeFailureAnswer(failure: StoreFailure): ApiError {
  switch (failure.kind) {
    case 'unavailable':
      return new ApiError('service_unavailable', 'The service cannot reach its storage right now; retry shortly', undefined, { 'Retry-After': RETRY_AFTER_UNAVAILABLE_SECONDS });
    case 'full':
      return new ApiError('service_unavailable', "The service's storage is full; retry later", undefined, { 'Retry-After': RETRY_AFTER_FULL_SECONDS });
  }
}

/**
 * `what` failed because of it (`request failed`, `bulk items failed`): a full disk at error level, as nothing
 * more is written until an operator makes room; a store out of reach as a warning, as it mends by itself.
 */
export function logStoreFailure(logger: Logger, failure: StoreFailure, what: string, fields: Record<string, unknown>): void {
  switch (failure.kind) {
    case 'unavailable':
      logger.warn(`${what}: a store is unavailable`, { ...fields, store: failure.store });
      return;
    case 'full':
      logger.error(`${what}: the storage is full`, fields);
      return;
  }
}

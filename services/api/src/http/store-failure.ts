/**
 * A request a store could not serve for reasons of its own, not the request's: one that cannot be reached
 * (MongoDB, EventStoreDB) or one whose disk is full (SQLite). Either answers 503 with `Retry-After`, is
 * never recorded as an Idempotency-Key's answer, and leaves nothing half-written: the same request succeeds
 * once the store is back or has room.
 */
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

/**
 * The spec's bulk result: totals and one entry per item, in request order. Item errors carry the
 * standard codes; an external_id in use (by an existing pass or an earlier item of the batch) is the
 * spec's `duplicate_external_id` rather than the single endpoints' `conflict`.
 */
import type { BulkOutcome } from '@passes/application';
import { DomainError, type Pass } from '@passes/domain';
import { ApiError, type ErrorDetail } from '../http/api-error';
import { storeFailureAnswer, storeFailureOf, type StoreFailure } from '../http/store-failure';

interface BulkItemError {
  code: string;
  message: string;
  details?: ErrorDetail[];
}

type BulkResultEntry<Status, PassRef> = { index: number; status: Status; pass: PassRef } | { index: number; status: 'error'; error: BulkItemError };

interface BulkResult<Status, PassRef> {
  total: number;
  succeeded: number;
  failed: number;
  results: BulkResultEntry<Status, PassRef>[];
}

interface BulkResultShape<Status, PassRef> {
  /** `created` for a bulk issue, `updated` for a bulk update. */
  status: Status;
  pass: (pass: Pass) => PassRef;
  /** Told about an item that failed for a reason no refusal explains (a bug); the item reads `internal_error`. */
  onUnexpected: (error: unknown, index: number) => void;
  /** Told once, when a store refused items (down, or full); they read `service_unavailable`, to be retried. */
  onStoreFailure: (failure: StoreFailure, items: number) => void;
}

export function bulkResult<Status extends string, PassRef>(outcomes: readonly BulkOutcome[], shape: BulkResultShape<Status, PassRef>): BulkResult<Status, PassRef> {
  const storeFailures: StoreFailure[] = [];
  const results = outcomes.map((outcome, index): BulkResultEntry<Status, PassRef> => {
    if (outcome.status === 'fulfilled') return { index, status: shape.status, pass: shape.pass(outcome.value) };
    if (outcome.reason instanceof DomainError) return { index, status: 'error', error: itemError(outcome.reason) };
    const storeFailure = storeFailureOf(outcome.reason);
    if (storeFailure !== null) {
      storeFailures.push(storeFailure);
      const { code, message } = storeFailureAnswer(storeFailure);
      return { index, status: 'error', error: { code, message } };
    }
    shape.onUnexpected(outcome.reason, index);
    return { index, status: 'error', error: { code: 'internal_error', message: 'Unexpected server error' } };
  });
  const [firstStoreFailure] = storeFailures;
  if (firstStoreFailure !== undefined) shape.onStoreFailure(firstStoreFailure, storeFailures.length);
  const succeeded = results.filter((result) => result.status !== 'error').length;
  return { total: results.length, succeeded, failed: results.length - succeeded, results };
}

function itemError(refusal: DomainError): BulkItemError {
  const { code, message, details } = ApiError.from(refusal);
  const itemCode = code === 'conflict' && refusal.details['field'] === 'external_id' ? 'duplicate_external_id' : code;
  return { code: itemCode, message, ...(details ? { details: [...details] } : {}) };
}

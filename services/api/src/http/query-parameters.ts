/**
 * Query parameters of the pass actions (DESIGN §5): missing or malformed → 400 bad_request, and so is one
 * given twice or with brackets (parseQueryString makes that a list).
 */
import type { PageRequest } from '@passes/application';
import { HISTORY_PAGE, LIST_PAGE, rfc3339Instant } from '@passes/contracts';
import { MAX_MINOR_UNITS, MAX_POINTS_DELTA, MAX_STAMPS_PER_ADD, parseMinorUnits } from '@passes/domain';
import type { Request } from 'express';
import { ApiError } from './api-error';

const INTEGER = /^-?\d{1,10}$/;

function single(request: Request, name: string): string | undefined {
  const value = request.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ApiError('bad_request', `Query parameter '${name}' must be given once, as a plain value (no brackets)`);
  return value;
}

/** `count`: stamps to add, 1 when absent, 1–1000. */
export function stampCount(request: Request): number {
  const text = single(request, 'count');
  if (text === undefined) return 1;
  const count = INTEGER.test(text) ? Number(text) : NaN;
  if (!(count >= 1 && count <= MAX_STAMPS_PER_ADD)) {
    throw new ApiError('bad_request', `Query parameter 'count' must be an integer from 1 to ${MAX_STAMPS_PER_ADD}`);
  }
  return count;
}

/** `points`: required, a non-zero integer; negative spends. */
export function pointsDelta(request: Request): number {
  const text = single(request, 'points');
  if (text === undefined) throw new ApiError('bad_request', "Query parameter 'points' is required");
  const points = INTEGER.test(text) ? Number(text) : NaN;
  if (!(points !== 0 && Math.abs(points) <= MAX_POINTS_DELTA)) {
    throw new ApiError('bad_request', `Query parameter 'points' must be a non-zero integer from -${MAX_POINTS_DELTA} to ${MAX_POINTS_DELTA}`);
  }
  return points;
}

/** `amount`: required, greater than 0, at most 2 decimals; returned in minor units. */
export function amountInMinorUnits(request: Request): number {
  const text = single(request, 'amount');
  if (text === undefined) throw new ApiError('bad_request', "Query parameter 'amount' is required");
  const minor = parseMinorUnits(text);
  if (minor === null || minor === 0) {
    throw new ApiError('bad_request', `Query parameter 'amount' must be a number greater than 0 with at most 2 decimals, up to ${MAX_MINOR_UNITS / 100}`);
  }
  return minor;
}

const NON_NEGATIVE_INTEGER = /^\d{1,10}$/;

/** `after_revision` (optional, ≥ 0) and `limit` (1–1000, 100 when absent) of a history page. */
export function historyRange(request: Request): { afterRevision: number | null; limit: number } {
  const after = single(request, 'after_revision');
  const limit = single(request, 'limit');
  if (after !== undefined && !NON_NEGATIVE_INTEGER.test(after)) {
    throw new ApiError('bad_request', "Query parameter 'after_revision' must be a revision: an integer from 0");
  }
  const size = limit === undefined ? HISTORY_PAGE.default : NON_NEGATIVE_INTEGER.test(limit) ? Number(limit) : NaN;
  if (!(size >= 1 && size <= HISTORY_PAGE.max)) {
    throw new ApiError('bad_request', `Query parameter 'limit' must be an integer from 1 to ${HISTORY_PAGE.max}`);
  }
  return { afterRevision: after === undefined ? null : Number(after), limit: size };
}

/** `as_of`: absent, or an RFC 3339 instant not in the future (422 otherwise: it names a state to show). */
export function asOfInstant(request: Request, now: Date): Date | null {
  const text = single(request, 'as_of');
  if (text === undefined) return null;
  if (!rfc3339Instant.safeParse(text).success) {
    throw new ApiError('validation_error', 'as_of must be an RFC 3339 instant, such as 2026-11-23T10:00:00Z or 2026-11-23T11:00:00.250+01:00', [
      { path: 'as_of', message: 'must be an RFC 3339 instant' },
    ]);
  }
  // Date reads the first three digits of a fraction: events carry milliseconds, so truncating keeps each on its side.
  const instant = new Date(text);
  if (instant.getTime() > now.getTime()) {
    throw new ApiError('validation_error', 'as_of must not be in the future', [{ path: 'as_of', message: 'must not be in the future' }]);
  }
  return instant;
}

/** `limit` (1–200, 50 when absent) and `cursor` (the previous page's `next_cursor`) of a list that can grow. */
export function pageRequest(request: Request): PageRequest {
  const limit = single(request, 'limit');
  const size = limit === undefined ? LIST_PAGE.default : NON_NEGATIVE_INTEGER.test(limit) ? Number(limit) : NaN;
  if (!(size >= 1 && size <= LIST_PAGE.max)) {
    throw new ApiError('bad_request', `Query parameter 'limit' must be an integer from 1 to ${LIST_PAGE.max}`);
  }
  return { limit: size, cursor: single(request, 'cursor') ?? null };
}

/** An optional parameter that must be one of `values` when given. */
export function optionalChoice<Value extends string>(request: Request, name: string, values: readonly Value[]): Value | null {
  const value = single(request, name);
  if (value === undefined) return null;
  const chosen = values.find((candidate) => candidate === value);
  if (chosen === undefined) throw new ApiError('bad_request', `Query parameter '${name}' must be one of ${values.join(', ')}`);
  return chosen;
}

/** An optional plain-text parameter, such as a list's `template_id`. */
export function optionalParameter(request: Request, name: string): string | null {
  return single(request, name) ?? null;
}

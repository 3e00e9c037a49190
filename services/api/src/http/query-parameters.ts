/** Query parameters of the pass actions (DESIGN §5): missing or malformed → 400 bad_request. */
import { MAX_MINOR_UNITS, MAX_POINTS_DELTA, MAX_STAMPS_PER_ADD, parseMinorUnits } from '@passes/domain';
import type { Request } from 'express';
import { ApiError } from './api-error';

const INTEGER = /^-?\d{1,10}$/;

function single(request: Request, name: string): string | undefined {
  const value = request.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ApiError('bad_request', `Query parameter '${name}' must be given once`);
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

/**
 * The counts the pass actions take in their query (`?count=`, `?points=`), checked against the domain's
 * bounds as the API checks them (docs/api.md, Passes), with the API's messages. Amounts are money-input's.
 */
import { MAX_POINTS_DELTA, MAX_STAMPS_PER_ADD } from '@passes/domain';
import type { Parsed } from './form-values';

const INTEGER = /^-?\d{1,10}$/;

/** Stamps to add: 1 to 1000. */
export function stampCount(raw: string): Parsed<number> {
  const text = raw.trim();
  const count = INTEGER.test(text) ? Number(text) : NaN;
  if (count >= 1 && count <= MAX_STAMPS_PER_ADD) return { ok: true, value: count };
  return { ok: false, message: `must be an integer from 1 to ${MAX_STAMPS_PER_ADD}` };
}

/** Points to add, or to spend when negative: a non-zero integer. */
export function pointsDelta(raw: string): Parsed<number> {
  const text = raw.trim();
  const points = INTEGER.test(text) ? Number(text) : NaN;
  if (points !== 0 && Math.abs(points) <= MAX_POINTS_DELTA) return { ok: true, value: points };
  return { ok: false, message: `must be a non-zero integer from -${MAX_POINTS_DELTA} to ${MAX_POINTS_DELTA}` };
}

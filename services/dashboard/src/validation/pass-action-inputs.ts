/**
 * The numbers the pass actions take in their query (`?count=`, `?points=`, `?amount=`), checked against
 * the domain's bounds and money rule as the API checks them (docs/api.md, Passes), with the API's messages.
 */
import { MAX_MINOR_UNITS, MAX_POINTS_DELTA, MAX_STAMPS_PER_ADD, minorUnitsToNumber, parseMinorUnits } from '@passes/domain';
import type { Parsed } from './form-values';

const MAX_AMOUNT = minorUnitsToNumber(MAX_MINOR_UNITS);

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

/** An amount to charge or top up: greater than 0, at most two decimals; sent as typed. */
export function amount(raw: string): Parsed<string> {
  const text = raw.trim();
  const minor = parseMinorUnits(text);
  if (minor !== null && minor > 0) return { ok: true, value: text };
  return { ok: false, message: `must be a number greater than 0 with at most 2 decimals, up to ${MAX_AMOUNT}` };
}

/**
 * The numbers the pass actions take in their query (`?count=`, `?points=`, `?amount=`), checked as the
 * API checks them (docs/api.md, Passes), with the API's messages.
 */
import type { Parsed } from './form-values';

export const MAX_STAMPS_PER_ADD = 1000;
export const MAX_POINTS_DELTA = 1_000_000;
const MAX_AMOUNT = 100_000_000;

const INTEGER = /^-?\d{1,10}$/;
const DECIMAL = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/;

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
  const match = DECIMAL.exec(text);
  const minor = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (match && minor > 0 && minor <= MAX_AMOUNT * 100) return { ok: true, value: text };
  return { ok: false, message: `must be a number greater than 0 with at most 2 decimals, up to ${MAX_AMOUNT}` };
}

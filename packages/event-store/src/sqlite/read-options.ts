import { NO_LIMIT } from './event-statements';

export function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  return value;
}

export function limitOf(maxCount: number | undefined): number {
  return maxCount === undefined ? NO_LIMIT : nonNegativeInteger(maxCount, 'maxCount');
}

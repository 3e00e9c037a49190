/**
 * Guards a numeric argument the domain relies on being whole and bounded. Fields are named as the
 * domain's events spell them.
 */
import { invalidField } from './invalid-field';

interface IntegerBounds {
  min: number;
  max?: number;
}

export function requireInteger(field: string, value: number, { min, max }: IntegerBounds): void {
  const withinBounds = value >= min && (max === undefined || value <= max);
  if (Number.isSafeInteger(value) && withinBounds) return;
  throw invalidField(field, max === undefined ? `must be an integer of at least ${min}` : `must be an integer from ${min} to ${max}`);
}

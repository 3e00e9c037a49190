/**
 * Money is held as integer minor units (cents, pence) so arithmetic is exact; it is shown to callers as
 * a number with at most two decimals.
 */

/** The largest amount one operation or one balance may hold: 100 million in major units. */
export const MAX_MINOR_UNITS = 10_000_000_000;

const DECIMAL = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/;

/** Parses a non-negative decimal with at most two decimals ("12", "12.5", "0.05"); null when malformed. */
export function parseMinorUnits(text: string): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor <= MAX_MINOR_UNITS ? minor : null;
}

/** Converts a JSON number with at most two decimals to minor units; null when it has more or is out of range. */
export function numberToMinorUnits(amount: number): number | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  return parseMinorUnits(String(amount));
}

export function minorUnitsToNumber(minor: number): number {
  return minor / 100;
}

/** An amount as messages write it, in major units with its two decimals ("10.00", "0.05"). */
export function minorUnitsInWords(minor: number): string {
  return (minor / 100).toFixed(2);
}

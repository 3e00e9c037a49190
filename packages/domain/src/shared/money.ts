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

/**
 * Minor units as a person reads money: `£5.00` with a known ISO 4217 currency, a plain `5.00` without one
 * (a template without a currency, a code Intl does not know, or a message that knows none).
 */
export function formatMinorUnits(minor: number, currency: string | null): string {
  const amount = minorUnitsToNumber(minor);
  if (currency) {
    try {
      return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown code: the plain number below.
    }
  }
  return amount.toFixed(2);
}

/**
 * Counts are kept in UTC quarter hours: every zone's offset is a whole number of quarter hours (Nepal's
 * +05:45, Chatham's +12:45 included), so each local day, a DST day of 23 or 25 hours too, is a whole
 * number of them, and a query in any zone sums quarters without knowing the zone when they were counted.
 */
import { dayOf } from '@passes/domain';

export const QUARTER_MS = 15 * 60 * 1000;
export const QUARTERS_A_DAY = 96;
export const DAY_MS = QUARTERS_A_DAY * QUARTER_MS;

/** The UTC day (YYYY-MM-DD) and the quarter of it (0–95) an instant falls in. */
export function utcQuarterOf(instant: string): { day: string; quarter: number } {
  const ms = Date.parse(instant);
  const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
  return { day: dayOf(instant), quarter: Math.floor((ms - dayStart) / QUARTER_MS) };
}

/** The UTC day (YYYY-MM-DD) of epoch milliseconds. */
export function utcDayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

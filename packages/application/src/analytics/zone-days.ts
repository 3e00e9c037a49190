/**
 * A zone's calendar days as UTC instants, from the platform's time zone data (Intl): where each local
 * day starts, whatever its length (23 or 25 hours on DST days). Days start on quarter hours, which is
 * what lets analytics sum UTC quarter hours into them (read-model's quarter-hours).
 */
import { DAY_MS, QUARTER_MS, QUARTERS_A_DAY } from '@passes/read-model';

/** Local days and the UTC instants they start at, the day after the last included (its end). */
export interface ZoneDays {
  dates: string[];
  /** `starts[i]` is where `dates[i]` starts; `starts[dates.length]` is where the last one ends. */
  starts: number[];
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Where each zone's days start, by zone and day: facts of the zone data, the same on every query. */
const dayStarts = new Map<Intl.DateTimeFormat, Map<number, number>>();
/** Days remembered per zone before its memory starts over: a bound, not a figure anyone relies on. */
const REMEMBERED_DAYS = 20_000;

/** The formatter of the zone, or null when the platform knows no such zone. */
export function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  const known = formats.get(zone);
  if (known) return known;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  } catch {
    return null;
  }
  formats.set(zone, format);
  return format;
}

/** The local date and the local wall time, as epoch milliseconds read as UTC, of an instant. */
function localWallTime(format: Intl.DateTimeFormat, ms: number): number {
  const parts = format.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
}

function localDayOf(format: Intl.DateTimeFormat, ms: number): number {
  return Math.floor(localWallTime(format, ms) / DAY_MS);
}

function rememberedDayStart(format: Intl.DateTimeFormat, day: number): number {
  let starts = dayStarts.get(format);
  if (starts === undefined || starts.size >= REMEMBERED_DAYS) {
    starts = new Map();
    dayStarts.set(format, starts);
  }
  const known = starts.get(day);
  if (known !== undefined) return known;
  const start = dayStart(format, day);
  starts.set(day, start);
  return start;
}

/** The first quarter hour whose local date is `day` (days since the epoch) or later. */
function dayStart(format: Intl.DateTimeFormat, day: number): number {
  const midnight = day * DAY_MS;
  // Local midnight less the offset there, twice, lands on it unless a transition is near; then step.
  let start = midnight - (localWallTime(format, midnight) - midnight);
  start = midnight - (localWallTime(format, start) - start);
  start = Math.floor(start / QUARTER_MS) * QUARTER_MS;
  for (let steps = 0; steps < 400 && localDayOf(format, start - QUARTER_MS) >= day; steps++) start -= QUARTER_MS;
  for (let steps = 0; steps < 400 && localDayOf(format, start) < day; steps++) start += QUARTER_MS;
  return start;
}

/** The local days from `from` to `to` (YYYY-MM-DD, both included) in the zone of `format`. */
export function zoneDays(format: Intl.DateTimeFormat, from: string, to: string): ZoneDays {
  const first = Date.parse(`${from}T00:00:00Z`) / DAY_MS;
  const last = Date.parse(`${to}T00:00:00Z`) / DAY_MS;
  const dates: string[] = [];
  const starts: number[] = [];
  for (let day = first; day <= last + 1; day++) {
    if (day <= last) dates.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
    starts.push(rememberedDayStart(format, day));
  }
  return { dates, starts };
}

/** The index of the day an instant falls in, or -1 outside them. */
export function dayIndexOf({ starts }: ZoneDays, ms: number): number {
  if (ms < (starts[0] ?? Infinity) || ms >= (starts.at(-1) ?? -Infinity)) return -1;
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? Infinity) <= ms) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Quarters `from` to `to` (0–96, `to` excluded) of a UTC day, all in the local day of this index. */
interface Span {
  index: number;
  from: number;
  to: number;
}

/** The spans of the UTC day starting at `utcDayStart` that fall in the local days: where a local day starts, a span does. */
export function spansOf(zone: ZoneDays, utcDayStart: number): Span[] {
  const { starts } = zone;
  const spans: Span[] = [];
  for (let from = 0; from < QUARTERS_A_DAY; ) {
    const at = utcDayStart + from * QUARTER_MS;
    const index = dayIndexOf(zone, at);
    // Where the local day holding `at` ends, or, outside the days, where the first starts (or never).
    const next = index !== -1 ? (starts[index + 1] ?? Infinity) : at < (starts[0] ?? Infinity) ? (starts[0] ?? Infinity) : Infinity;
    const to = Math.min(QUARTERS_A_DAY, Math.ceil((next - utcDayStart) / QUARTER_MS));
    if (index !== -1) spans.push({ index, from, to });
    from = to;
  }
  return spans;
}

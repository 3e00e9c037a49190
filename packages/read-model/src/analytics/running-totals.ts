/**
 * A UTC day's counts as running totals: for each counter, its sum through the end of each quarter hour
 * (96 numbers, the last the day's total). A query in any zone sums spans of a day's quarters (a local day
 * starts within the UTC day and ends within the next); with running totals each span is one subtraction
 * a counter, whatever the number of quarters in it, rather than a sum over each quarter's counts.
 */
import { z } from 'zod';
import { ANALYTICS_COUNTERS, type Counts, type FullCounts } from './analytics-counters';
import { QUARTERS_A_DAY } from './quarter-hours';

const runningTotal = z.array(z.number().int()).length(QUARTERS_A_DAY);

/** Counter → running total; a counter never counted that day is left out. */
export const runningTotals = z.partialRecord(z.enum(ANALYTICS_COUNTERS), runningTotal);

export type RunningTotals = z.infer<typeof runningTotals>;

/** `running` with `increments` counted in `quarter` (0–95): that quarter's total and every later one's grow. */
export function withCounts(running: RunningTotals | undefined, quarter: number, increments: Counts): RunningTotals {
  const next = { ...running };
  for (const counter of ANALYTICS_COUNTERS) {
    const increment = increments[counter];
    if (increment === undefined || increment === 0) continue;
    // A copy: the running totals given may be a kept document's, and are never changed.
    const totals = next[counter]?.slice() ?? new Array<number>(QUARTERS_A_DAY).fill(0);
    for (let index = quarter; index < QUARTERS_A_DAY; index += 1) totals[index] = (totals[index] ?? 0) + increment;
    next[counter] = totals;
  }
  return next;
}

/** Adds into `into`, in place, what was counted in quarters `from` to `to` (0–96, `to` excluded). */
export function addSpan(into: FullCounts, running: RunningTotals, from: number, to: number): void {
  for (const counter of ANALYTICS_COUNTERS) {
    const totals = running[counter];
    if (totals === undefined) continue;
    into[counter] += (totals[to - 1] ?? 0) - (from === 0 ? 0 : (totals[from - 1] ?? 0));
  }
}

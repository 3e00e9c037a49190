/** What the analytics section found, the goals of issue 36 it is judged against, and its lines in the report. */
import { count } from '../format';
import { heading } from '../section';
import type { SequentialTiming } from '../audit/sequential-timing';

/** A year's query, at p99, under this. */
export const ANALYTICS_QUERY_GOAL_MS = 20;
/** An export of the passes under this. */
export const EXPORT_GOAL_MS = 60_000;
/** The server's resident memory grows by less than this while it exports. */
export const EXPORT_MEMORY_GOAL_MIB = 100;

export interface AnalyticsFigures {
  passes: number;
  /** `GET …/analytics` over 366 days in Europe/London. */
  yearQuery: SequentialTiming;
  /** From the POST to `ready`, as a client polling every 100 ms sees it. */
  passesExportMs: number;
  exportRows: number;
  exportBytes: number;
  /** The most the server's RSS rose above what it was before the export, sampled while it ran; null off Linux. */
  exportRssGrowthMiB: number | null;
  queryGoalMet: boolean;
  exportGoalMet: boolean;
  memoryGoalMet: boolean | null;
}

export function analyticsLines(figures: AnalyticsFigures): string[] {
  const goal = (met: boolean | null) => (met === null ? 'not measured' : met ? 'goal met' : 'goal NOT met');
  return [
    '',
    heading(`Analytics (issue 36): a business with ${count(figures.passes)} passes issued over a year`),
    `year query    median ${figures.yearQuery.medianMs.toFixed(1)} ms, p99 ${figures.yearQuery.p99Ms.toFixed(1)} ms (${figures.yearQuery.requests} requests; goal p99 < ${ANALYTICS_QUERY_GOAL_MS} ms: ${goal(figures.queryGoalMet)})`,
    `passes export ${(figures.passesExportMs / 1000).toFixed(1)} s for ${count(figures.exportRows)} rows, ${count(figures.exportBytes)} bytes (goal < ${EXPORT_GOAL_MS / 1000} s: ${goal(figures.exportGoalMet)})`,
    `export memory RSS growth ${figures.exportRssGrowthMiB === null ? 'unknown' : `${figures.exportRssGrowthMiB.toFixed(0)} MiB`} (goal < ${EXPORT_MEMORY_GOAL_MIB} MiB: ${goal(figures.memoryGoalMet)})`,
  ];
}

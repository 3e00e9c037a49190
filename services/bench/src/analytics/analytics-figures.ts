/** What the analytics section found, the goals of issue 36 it is judged against, and its lines in the report. */
import { count } from '../format';
import { heading } from '../section';
import type { SequentialTiming } from '../audit/sequential-timing';
import type { MemorySample } from './server-memory';

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
  /** The server's CPU time (user and system) a query, less what it spends idle meanwhile: what a query costs whatever else runs on the machine. */
  queryCpuMs: number;
  passesExport: ExportFigures;
  eventsExport: ExportFigures;
  queryGoalMet: boolean;
  /** The passes export's time. */
  exportGoalMet: boolean;
  /** Both exports' RSS growth. */
  memoryGoalMet: boolean;
}

export interface ExportFigures {
  kind: 'passes' | 'events';
  /** From the POST to `ready`, as a client polling every 100 ms sees it. */
  ms: number;
  rows: number;
  bytes: number;
  /** The most the server's memory rose above what it was before the export, by kind, sampled at each poll. */
  growth: MemorySample;
}

export function analyticsLines(figures: AnalyticsFigures): string[] {
  const goal = (met: boolean) => (met ? 'goal met' : 'goal NOT met');
  return [
    '',
    heading(`Analytics (issue 36): a business with ${count(figures.passes)} passes issued over a year`),
    `year query    median ${figures.yearQuery.medianMs.toFixed(1)} ms, p99 ${figures.yearQuery.p99Ms.toFixed(1)} ms (${figures.yearQuery.requests} requests; goal p99 < ${ANALYTICS_QUERY_GOAL_MS} ms: ${goal(figures.queryGoalMet)}); server CPU ${figures.queryCpuMs.toFixed(1)} ms a query`,
    `passes export ${exportLine(figures.passesExport)} (goal < ${EXPORT_GOAL_MS / 1000} s: ${goal(figures.exportGoalMet)})`,
    `events export ${exportLine(figures.eventsExport)}`,
    `export memory RSS growth, the larger of the two, ${Math.max(figures.passesExport.growth.rssMiB, figures.eventsExport.growth.rssMiB).toFixed(0)} MiB (goal < ${EXPORT_MEMORY_GOAL_MIB} MiB: ${goal(figures.memoryGoalMet)})`,
  ];
}

function exportLine({ ms, rows, bytes, growth }: ExportFigures): string {
  const memory = `RSS +${growth.rssMiB.toFixed(0)} MiB, V8 heap in use +${growth.heapUsedMiB.toFixed(0)} MiB, external +${growth.externalMiB.toFixed(0)} MiB`;
  return `${(ms / 1000).toFixed(1)} s for ${count(rows)} rows, ${count(bytes)} bytes; ${memory}`;
}

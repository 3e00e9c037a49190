/**
 * What a person reads (machine, table, warnings) and what a script reads (one `BENCH_RESULT ` JSON line).
 * Failed requests are always reported: a figure made of errors looks fast and means nothing.
 */
import type { AutomationSweepFigures } from './automation-sweep/automation-sweep-section';
import type { AnalyticsFigures } from './analytics/analytics-figures';
import type { AuditFigures } from './audit/audit-figures';
import type { BrowseFigures } from './browse/browse-section';
import type { PaymentsFigures } from './payments/payments-figures';
import type { BatchFigures, Timing } from './batches';
import type { LogProblems } from './child-server';
import type { DistributedOutcome } from './distributed/distributed-figures';
import type { Machine } from './machine';
import type { PkpassFigures } from './pkpass-timing';
import type { AutomationRuleFigures } from './automation-rules-timing';
import type { ImageRenderingFigures } from './image-rendering-timing';
import type { Measurement } from './measure';
import type { RebuildFigures } from './rebuild/rebuild-figures';
import type { ScaleFigures } from './scale/scale-figures';
import type { Scenario } from './scenarios';
import type { CampaignFigures } from './campaign/campaign-figures';
import type { SectionName } from './sections';
import type { Settings } from './settings';
import type { HotPassFigures, LongStreamFigures } from './write-path/write-path-goals';

export interface Row extends Measurement {
  baseline: string | null;
  /** Throughput as a fraction of the baseline's (the mean of the baseline's runs, when it ran more than once). */
  ratio: number | null;
}

export function rowsOf(scenarios: Scenario[], measurements: Measurement[]): Row[] {
  return measurements.map((measurement) => {
    const baselineName = scenarios.find((scenario) => scenario.name === measurement.scenario)?.baseline ?? null;
    const baselineRuns = measurements.filter((candidate) => candidate.scenario === baselineName);
    const baselineRate = baselineRuns.reduce((sum, run) => sum + run.requestsPerSecond, 0) / baselineRuns.length;
    return {
      ...measurement,
      baseline: baselineName,
      ratio: baselineRuns.length > 0 && baselineRate > 0 ? measurement.requestsPerSecond / baselineRate : null,
    };
  });
}

export function machineLines(machine: Machine, settings: Settings): string[] {
  return [
    `node ${machine.node} · ${machine.cpus} cpus (${machine.cpuModel}) · ${machine.platform} · ${machine.memoryGiB} GiB`,
    `${settings.durationSeconds} s per scenario after ${settings.warmupSeconds} s unmeasured · ${settings.connections} connections · load generator shares the machine`,
  ];
}

// autocannon records latencies in whole milliseconds.
const milliseconds = (value: number) => `${value.toFixed(0)} ms`;

export function tableLines(rows: Row[]): string[] {
  const width = Math.max(...rows.map((row) => row.scenario.length));
  return rows.map((row) =>
    [
      row.scenario.padEnd(width),
      `${row.requestsPerSecond.toFixed(0).padStart(7)} req/s`,
      `p50 ${milliseconds(row.p50Ms).padStart(7)}`,
      `p99 ${milliseconds(row.p99Ms).padStart(7)}`,
      `non-2xx ${String(row.non2xx).padStart(5)}`,
      `errors ${String(row.errors).padStart(4)}`,
      row.ratio === null ? '' : `${row.ratio.toFixed(2)}× of ${row.baseline ?? ''}`,
    ].join('   ').trimEnd(),
  );
}

/**
 * Each ratio read against the echo whose server is made as the service's (when that echo ran), beside the
 * table's, which are to the bare echoes the goals name.
 */
export function appServerEchoLines(rows: readonly Row[], appServerEchoes: ReadonlyMap<string, string>): string[] {
  const parts = rows.flatMap((row) => {
    const echoName = row.baseline === null ? undefined : appServerEchoes.get(row.baseline);
    const echo = rows.find((candidate) => candidate.scenario === echoName);
    if (echo === undefined || echo.requestsPerSecond <= 0) return [];
    return [`${row.scenario} ${(row.requestsPerSecond / echo.requestsPerSecond).toFixed(2)}×`];
  });
  return parts.length === 0 ? [] : [`against the echoes made as the service's server is (app server): ${parts.join(', ')}`];
}

export function warningLines(rows: Row[], problems: Record<string, LogProblems>): string[] {
  const warnings: string[] = [];
  for (const row of rows) {
    if (row.non2xx === 0 && row.errors === 0) continue;
    const codes = Object.entries(row.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${code}: ${count}`)
      .join(', ');
    warnings.push(
      `WARNING ${row.scenario}: ${row.non2xx} non-2xx of ${row.requests} responses (${codes || 'none'}), ${row.errors} connection errors (${row.timeouts} timeouts); its figures do not measure working requests`,
    );
  }
  for (const [server, { count, first }] of Object.entries(problems)) {
    if (count > 0) warnings.push(`WARNING ${server} logged ${count} warnings or errors; first: ${first ?? ''}`);
  }
  return warnings;
}

const ratio = (part: number, whole: number) => `${(part / whole).toFixed(2)}×`;

/** Each bulk figure per pass, as a fraction of what a single request costs a pass. */
export function batchLines({ singleIssue, singleUpdate, bulkIssue, bulkUpdate }: BatchFigures): string[] {
  const line = (timing: Timing, comparison: string) =>
    [
      timing.scenario.padEnd(13),
      `${String(timing.passes).padStart(3)} ${timing.passes === 1 ? 'pass  ' : 'passes'}`,
      `median ${timing.medianMs.toFixed(1).padStart(6)} ms (min ${timing.minMs.toFixed(1)}, max ${timing.maxMs.toFixed(1)}, ${timing.requests} requests)`,
      `${timing.perPassMs.toFixed(2).padStart(5)} ms a pass`,
      comparison,
    ]
      .join('   ')
      .trimEnd();
  return [
    line(singleIssue, ''),
    line(singleUpdate, ''),
    line(bulkIssue, `${ratio(bulkIssue.perPassMs, singleIssue.perPassMs)} of a single issue`),
    line(bulkUpdate, `${ratio(bulkUpdate.perPassMs, singleIssue.perPassMs)} of a single issue, ${ratio(bulkUpdate.perPassMs, singleUpdate.perPassMs)} of a single update`),
  ];
}

/** Everything the run measured, for scripts; a section that did not run is null. */
export interface BenchResult {
  machine: Machine;
  settings: Settings;
  sections: SectionName[];
  scenarios: Row[] | null;
  batches: BatchFigures | null;
  hotPass: HotPassFigures | null;
  longStream: LongStreamFigures | null;
  pkpass: PkpassFigures | null;
  /** Rendering template image uploads. */
  images: ImageRenderingFigures | null;
  rebuild: RebuildFigures | null;
  audit: AuditFigures | null;
  payments: PaymentsFigures | null;
  distributed: DistributedOutcome | null;
  campaign: CampaignFigures | null;
  automations: AutomationRuleFigures | null;
  /** The scale and soak sections. */
  scale: ScaleFigures | null;
  analytics: AnalyticsFigures | null;
  /** Searching and listing passes and customers on a large store. */
  browse: BrowseFigures | null;
  /** The timed automations' daily sweep over a large bucket. */
  automationSweep: AutomationSweepFigures | null;
}

export function resultLine(result: BenchResult): string {
  return `BENCH_RESULT ${JSON.stringify(result)}`;
}

/**
 * The background work of analytics exports: making one export's file (`analytics.export`, one item per
 * export, whose id is the export's), and the hourly sweep that removes what is kept no longer
 * (`analytics.export_sweep`, recurring).
 */
import { workKind, type Work, type WorkHandler, type WorkResult } from '@passes/background-work';
import { z } from 'zod';
import type { AnalyticsExports } from './analytics-exports';

export const ANALYTICS_EXPORT = workKind('analytics.export', z.object({ exportId: z.string() }));
export const ANALYTICS_EXPORT_SWEEP = workKind('analytics.export_sweep', z.object({}));

/** How often the sweep runs: an export outlives its 7 days by at most this. */
export const EXPORT_SWEEP_PERIOD_MS = 3_600_000;

export class AnalyticsExportHandler implements WorkHandler<{ exportId: string }> {
  readonly kind = ANALYTICS_EXPORT;
  /** Longer than the largest export takes to write. */
  readonly leaseMs = 3_600_000;
  readonly retryScheduleMs = [5_000, 60_000, 600_000];
  /** Exports read the whole event store: one at a time per process leaves room for everything else. */
  readonly maxConcurrent = 1;

  constructor(private readonly exports: AnalyticsExports) {}

  handle(work: Work<{ exportId: string }>, signal: AbortSignal): Promise<WorkResult> {
    return this.exports.make(work.payload.exportId, { lastAttempt: work.attempts >= this.retryScheduleMs.length, signal });
  }
}

export class AnalyticsExportSweep implements WorkHandler<Record<string, never>> {
  readonly kind = ANALYTICS_EXPORT_SWEEP;
  readonly leaseMs = 600_000;
  readonly retryScheduleMs = [60_000];
  readonly maxConcurrent = 1;

  constructor(private readonly exports: AnalyticsExports) {}

  async handle(): Promise<WorkResult> {
    await this.exports.sweep();
    return { outcome: 'done' };
  }
}

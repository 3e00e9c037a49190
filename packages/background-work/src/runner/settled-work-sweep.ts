/**
 * The engine's own housekeeping: every hour, removes the items settled (done, dead or cancelled) longer
 * ago than the retention, so that the work store holds what is pending and a recent log (a webhook's
 * deliveries, what an operator looks into), not every attempt since the service began. Recurring work on
 * the runner, so one process does it at a time.
 *
 * Nothing is done twice for want of a settled item: what records work does so once, from the event that
 * calls for it (a follower's checkpoint only moves on) or from a command, and a recurring kind's
 * occurrence is of a period far shorter than the shortest retention.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { workKind } from '../work-kind';
import type { WorkStore } from '../work-store';
import type { WorkHandler, WorkResult } from './work-handler';

export const SETTLED_WORK_SWEEP = workKind('work.settled_sweep', z.object({}));
export const SETTLED_WORK_SWEEP_PERIOD_MS = 3_600_000;

/**
 * Items removed in one statement: few, as each row leaves five indexes and the statement holds the server's
 * thread, with a turn of the event loop between two, so that requests meanwhile are not held up.
 */
export const SETTLED_WORK_PAGE = 100;
/** Pages one occurrence removes at most; what is left goes in the next hour's. */
const PAGES_AN_OCCURRENCE = 1_000;

export interface SettledWorkRetention {
  /** How long a settled item is kept after its last attempt (or its recording, if never attempted). */
  retentionMs: number;
  now: () => Date;
}

export class SettledWorkSweep implements WorkHandler<Record<string, never>> {
  readonly kind = SETTLED_WORK_SWEEP;
  readonly leaseMs = 600_000;
  readonly retryScheduleMs = [60_000];
  readonly maxConcurrent = 1;

  constructor(
    private readonly store: WorkStore,
    private readonly retention: SettledWorkRetention,
  ) {}

  async handle(_work: unknown, signal: AbortSignal): Promise<WorkResult> {
    const before = new Date(this.retention.now().getTime() - this.retention.retentionMs);
    for (let page = 0; page < PAGES_AN_OCCURRENCE; page += 1) {
      // What was removed stays removed; the next occurrence goes on from there.
      if (signal.aborted) return { outcome: 'done' };
      if ((await this.store.removeSettled(before, SETTLED_WORK_PAGE)) < SETTLED_WORK_PAGE) break;
      await yieldToEventLoop();
    }
    return { outcome: 'done' };
  }
}

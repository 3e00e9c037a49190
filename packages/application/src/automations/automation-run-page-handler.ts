/**
 * Carries out a page of the sweep's timed runs (AUTOMATION_RUN_PAGE): each run exactly as its own
 * AUTOMATION_RUN item would go (AutomationRunHandler.carryOut, named by the id that item would have), a
 * few at a time. The pass's stream refuses an occurrence it ran, so a page tried again after a crash, a
 * page recorded twice, or a pass found in two pages runs nothing twice. A run the pass holds off (too
 * many changes at once) leaves the page as an AUTOMATION_RUN item of its own, retried on that kind's
 * schedule, so one busy pass does not hold up the rest of its page.
 */
import { newWork, type Work, type WorkHandler, type WorkResult, type WorkStore } from '@passes/background-work';
import type { Clock } from '../shared/clock';
import { AUTOMATION_RETRY_SCHEDULE_MS, type AutomationRunHandler } from './automation-run-handler';
import { AUTOMATION_RUN, AUTOMATION_RUN_PAGE, automationRunId, type AutomationRunPageWork, type AutomationRunWork } from './automation-work';

const MINUTE_MS = 60_000;
/** Runs of one page going at once. */
const RUNS_AT_ONCE = 4;

export class AutomationRunPageHandler implements WorkHandler<AutomationRunPageWork> {
  readonly kind = AUTOMATION_RUN_PAGE;
  // A page is many runs: a process killed mid-page hands it on later than a run, and its done runs are refused then.
  readonly leaseMs = 10 * MINUTE_MS;
  readonly retryScheduleMs = AUTOMATION_RETRY_SCHEDULE_MS;
  readonly maxConcurrent = 2;

  constructor(
    private readonly runs: AutomationRunHandler,
    private readonly work: WorkStore,
    private readonly clock: Clock,
  ) {}

  async handle({ payload }: Work<AutomationRunPageWork>, signal: AbortSignal): Promise<WorkResult> {
    let next = 0;
    const lane = async () => {
      while (next < payload.runs.length && !signal.aborted) {
        const run = payload.runs[next++];
        if (run !== undefined) await this.carryOut({ automationId: payload.automationId, ...run, depth: 1, causationId: null, timed: true });
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: RUNS_AT_ONCE }, lane));
    const failed = lanes.find((each) => each.status === 'rejected');
    // The page goes again: the runs it did are refused by their passes then.
    if (failed !== undefined) throw failed.reason;
    return signal.aborted ? { outcome: 'abandoned' } : { outcome: 'done' };
  }

  private async carryOut(run: AutomationRunWork): Promise<void> {
    const id = automationRunId(run.automationId, run.passId, run.occurrence);
    const outcome = await this.runs.carryOut(id, run);
    if (outcome.outcome !== 'retry') return;
    const now = this.clock.now();
    const retryAt = new Date(now.getTime() + (this.runs.retryScheduleMs[0] ?? MINUTE_MS));
    await this.work.record([newWork(AUTOMATION_RUN, { id, payload: run, dueAt: retryAt, createdAt: now })]);
  }
}

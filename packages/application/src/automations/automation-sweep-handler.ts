/**
 * The sweep of the timed triggers (AUTOMATION_SWEEP, recurring): for every enabled `inactive` or `birthday`
 * automation, the passes whose quiet spell ends or whose birthday is today, looked up by day in the pass
 * read model one bucket at a time, and each bucket read a store page at a time (never every pass, nor a
 * whole bucket, in memory). The due runs are recorded a page at a time, one AUTOMATION_RUN_PAGE item a
 * page (automation-run-page-cuts.ts says where pages end), so a day's bucket costs the work store its
 * pages, not its passes. The run checks the occurrence again on the pass's stream
 * (automation-run-handler.ts), and the pass refuses a repeat, so a sweep repeated, overlapping or
 * catching up on missed days fires nothing twice.
 */
import { newWork, type Work, type WorkHandler, type WorkResult, type WorkStore } from '@passes/background-work';
import { automationRunKey, birthdaysOn, quietDaysFor, timedOccurrence, type Automation, type Pass } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import { AutomationRunPageCuts } from './automation-run-page-cuts';
import { AUTOMATION_RUN_PAGE, AUTOMATION_SWEEP, automationRunPageId, type AutomationRunPageWork } from './automation-work';

type Run = AutomationRunPageWork['runs'][number];

const MINUTE_MS = 60_000;
/** Days before today a sweep looks at again, so a process that was down for them catches them up. */
const CATCH_UP_DAYS = 2;
/** Passes read in one page of a bucket, and about as many in a page of runs: small enough to hold at once. */
export const SWEEP_PAGE_SIZE = 500;
/** The most passes a page of runs covers when no pass's id marks its end sooner. */
const RUN_PAGE_MAX_PASSES = 4 * SWEEP_PAGE_SIZE;

export class AutomationSweepHandler implements WorkHandler<Record<string, never>> {
  readonly kind = AUTOMATION_SWEEP;
  readonly leaseMs = 30 * MINUTE_MS;
  readonly retryScheduleMs = [MINUTE_MS, 5 * MINUTE_MS];
  readonly maxConcurrent = 1;

  constructor(
    private readonly readModels: Pick<ReadModels, 'automations' | 'passes'>,
    private readonly work: WorkStore,
    private readonly clock: Clock,
    private readonly onRecorded: () => void,
    private readonly pageSize = SWEEP_PAGE_SIZE,
  ) {}

  async handle(_work: Work<Record<string, never>>, signal: AbortSignal): Promise<WorkResult> {
    for (const type of ['inactive', 'birthday'] as const) {
      for (const automation of await this.readModels.automations.find('timed', lookupKeys.timedAutomations(type))) {
        if (signal.aborted || !(await this.sweep(automation, signal))) return { outcome: 'abandoned' };
      }
    }
    return { outcome: 'done' };
  }

  /** Records the runs of one automation, a page of a day's bucket of passes at a time; false when aborted. */
  private async sweep(automation: Automation, signal: AbortSignal): Promise<boolean> {
    const now = this.clock.now();
    const index = automation.trigger.type === 'inactive' ? 'quiet_since' : 'birthday';
    for (const key of bucketsOf(automation, now)) {
      const cuts = new AutomationRunPageCuts(this.pageSize, RUN_PAGE_MAX_PASSES);
      let after: string | null = null;
      do {
        if (signal.aborted) return false;
        const page: { docs: Pass[]; next: string | null } = await this.readModels.passes.findPage(index, key, after, this.pageSize, 'oldest-first', 'in-passing');
        const runPages: Run[][] = [];
        for (const pass of page.docs) {
          const cut = cuts.add(pass.id, this.runOf(automation, pass, now));
          if (cut !== null) runPages.push(cut);
        }
        if (page.next === null) runPages.push(cuts.end());
        const items = runPages.filter((runs) => runs.length > 0).map((runs) => this.itemOf(automation, key, runs, now));
        await this.work.record(items);
        if (items.length > 0) this.onRecorded();
        after = page.next;
      } while (after !== null);
    }
    return true;
  }

  private runOf(automation: Automation, pass: Pass, now: Date): Run | null {
    const occurrence = timedOccurrence(automation, pass, now);
    if (occurrence === null || pass.automationRuns.includes(automationRunKey(automation.id, occurrence))) return null;
    if (automation.templateId !== null && automation.templateId !== pass.templateId) return null;
    return { passId: pass.id, occurrence };
  }

  private itemOf(automation: Automation, bucket: string, runs: Run[], now: Date) {
    return newWork(AUTOMATION_RUN_PAGE, {
      id: automationRunPageId(automation.id, bucket, runs),
      payload: { automationId: automation.id, runs },
      dueAt: now,
      createdAt: now,
    });
  }
}

/** The pass read model's keys whose passes may be due for the automation today. */
function bucketsOf({ businessId, mode, trigger }: Automation, now: Date): string[] {
  if (trigger.type === 'inactive') return quietDaysFor(trigger.days, now, CATCH_UP_DAYS).map((day) => lookupKeys.passQuietSince(businessId, mode, day));
  if (trigger.type === 'birthday') return birthdaysOn(now).map((day) => lookupKeys.passBirthday(businessId, mode, day));
  return [];
}

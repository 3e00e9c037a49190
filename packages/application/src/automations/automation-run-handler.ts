/**
 * Carries out one automation run (AUTOMATION_RUN) as a command on the pass, with the automation as the
 * actor and the triggering event as the cause in the events' metadata, so the pass's history says why it
 * changed. The rule and the pass are read from their streams as they are now: a deleted or paused rule, a
 * pass the rule no longer applies to, or a timed occurrence that passed (activity since) runs nothing. A
 * business back on Free has the run recorded with every action `skipped` (`plan`). Whatever runs, the
 * pass's decider refuses an occurrence it ran already: a repeat of this item is harmless.
 */
import type { Work, WorkHandler, WorkResult } from '@passes/background-work';
import { appliesTo, automationAggregate, DomainError, hasFeature, passAggregate, streamNames, timedOccurrence, type PassCommand } from '@passes/domain';
import type { Milestones } from '../milestones/milestones';
import type { Plans } from '../plans/plans';
import type { Clock } from '../shared/clock';
import type { CommandHandler } from '../shared/command-handler';
import { AUTOMATION_RUN, type AutomationRunWork } from './automation-work';

const MINUTE_MS = 60_000;

/** When a run that failed is tried again, whether it came alone or in a sweep's page. */
export const AUTOMATION_RETRY_SCHEDULE_MS: readonly number[] = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 120 * MINUTE_MS];

/** What one run came to: the pass took it (or had it already), nothing to do, or to go again later. */
export type RunOutcome = { outcome: 'done' } | { outcome: 'cancelled' } | { outcome: 'retry'; error: string };

export class AutomationRunHandler implements WorkHandler<AutomationRunWork> {
  readonly kind = AUTOMATION_RUN;
  // A run is one append and a few reads: a process killed mid-run hands its items on soon after.
  readonly leaseMs = 30_000;
  readonly retryScheduleMs = AUTOMATION_RETRY_SCHEDULE_MS;
  readonly maxConcurrent = 8;

  constructor(
    private readonly commands: CommandHandler,
    private readonly milestones: Milestones,
    private readonly plans: Plans,
    private readonly clock: Clock,
    /** Whether the service updates Google Wallet objects, for the messages runs send. */
    private readonly googleWallet: boolean,
  ) {}

  handle({ id, payload }: Work<AutomationRunWork>): Promise<WorkResult> {
    return this.carryOut(id, payload);
  }

  /** One run, whoever holds it (its own item, or a page of the sweep's), `correlationId` naming it in the events' metadata. */
  async carryOut(correlationId: string, payload: AutomationRunWork): Promise<RunOutcome> {
    const automation = (await this.commands.load(automationAggregate, streamNames.automation(payload.automationId))).state;
    if (automation === null || !automation.enabled) return { outcome: 'cancelled' };
    const stream = streamNames.pass(payload.passId);
    const pass = (await this.commands.load(passAggregate, stream)).state;
    if (pass === null || !appliesTo(automation, pass)) return { outcome: 'cancelled' };
    if (payload.timed && timedOccurrence(automation, pass, this.clock.now()) !== payload.occurrence) return { outcome: 'cancelled' };
    const plan = await this.plans.planOf(automation.businessId);
    const context = {
      actor: `automation:${automation.id}`,
      correlationId,
      ...(payload.causationId !== null && { causationId: payload.causationId }),
      depth: payload.depth,
    };
    try {
      await this.commands.handle(passAggregate, { stream, businessId: automation.businessId, context }, async (current): Promise<PassCommand> => ({
        type: 'RunAutomation',
        run: {
          automationId: automation.id,
          occurrence: payload.occurrence,
          depth: payload.depth,
          actions: automation.actions,
          skipped: hasFeature(plan, 'automations') ? null : 'plan',
          googleWallet: this.googleWallet,
        },
        milestones: current === null ? [] : await this.milestones.contextFor(current),
        now: this.clock.now(),
      }));
    } catch (error) {
      // Too many changes to the pass at once: the occurrence waits and goes again.
      if (error instanceof DomainError && error.code === 'conflict') return { outcome: 'retry', error: error.message };
      throw error;
    }
    return { outcome: 'done' };
  }
}

/**
 * The background work of automations (docs/architecture.md "Background work"): a run of one automation on
 * one pass for one occurrence, due when its trigger (and delay) says; a page of the timed runs the sweep
 * found; the sweep of the timed triggers; an email a run sent. Ids derive from what called for the work, so recording it again changes nothing.
 */
import { hash } from 'node:crypto';
import { workKind } from '@passes/background-work';
import { z } from 'zod';

export const AUTOMATION_RUN = workKind(
  'automation.run',
  z.object({
    automationId: z.string(),
    passId: z.string(),
    occurrence: z.string(),
    depth: z.number().int().min(1),
    /** The event that fired it; null for the sweep's timed occurrences. */
    causationId: z.string().nullable(),
    /** A timed occurrence is checked again when it runs: activity since, or a changed birthday, calls it off. */
    timed: z.boolean(),
  }),
);
export type AutomationRunWork = z.infer<typeof AUTOMATION_RUN.payload>;

/**
 * A page of one automation's timed runs found by the sweep, one item for the page rather than one a pass, so
 * that recording a day's bucket costs its pages. Each run goes as an AUTOMATION_RUN would (timed, depth 1,
 * no cause).
 */
export const AUTOMATION_RUN_PAGE = workKind(
  'automation.run_page',
  z.object({
    automationId: z.string(),
    runs: z.array(z.object({ passId: z.string(), occurrence: z.string() })).min(1),
  }),
);
export type AutomationRunPageWork = z.infer<typeof AUTOMATION_RUN_PAGE.payload>;

export const AUTOMATION_SWEEP = workKind('automation.sweep', z.object({}));

export const AUTOMATION_EMAIL = workKind(
  'automation.email',
  z.object({ automationId: z.string(), passId: z.string(), to: z.string(), subject: z.string(), body: z.string() }),
);

/** One run's work item for an occurrence, whoever records it (the feed's follower, the sweep, another process). */
export function automationRunId(automationId: string, passId: string, occurrence: string): string {
  return `ar_${hash('sha256', `${automationId}/${passId}/${occurrence}`, 'hex').slice(0, 32)}`;
}

/** A page of runs of the sweep: the same runs of the same bucket make the same page, whichever sweep found them. */
export function automationRunPageId(automationId: string, bucket: string, runs: AutomationRunPageWork['runs']): string {
  const content = runs.map(({ passId, occurrence }) => `${passId}/${occurrence}`).join('\n');
  return `arp_${hash('sha256', `${automationId}/${bucket}\n${content}`, 'hex').slice(0, 32)}`;
}

/** The email of one action of one recorded run. */
export function automationEmailId(runEventId: string, actionIndex: number): string {
  return `ae_${hash('sha256', `${runEventId}/${actionIndex}`, 'hex').slice(0, 32)}`;
}
export type AutomationEmailWork = z.infer<typeof AUTOMATION_EMAIL.payload>;

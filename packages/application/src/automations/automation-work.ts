/**
 * The background work of automations (docs/architecture.md "Background work"): a run of one automation on
 * one pass for one occurrence, due when its trigger (and delay) says; the sweep of the timed triggers; an
 * email a run sent. Ids derive from what called for the work, so recording it again changes nothing.
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

export const AUTOMATION_SWEEP = workKind('automation.sweep', z.object({}));

export const AUTOMATION_EMAIL = workKind(
  'automation.email',
  z.object({ automationId: z.string(), passId: z.string(), to: z.string(), subject: z.string(), body: z.string() }),
);

/** One run's work item for an occurrence, whoever records it (the feed's follower, the sweep, another process). */
export function automationRunId(automationId: string, passId: string, occurrence: string): string {
  return `ar_${hash('sha256', `${automationId}/${passId}/${occurrence}`, 'hex').slice(0, 32)}`;
}

/** The email of one action of one recorded run. */
export function automationEmailId(runEventId: string, actionIndex: number): string {
  return `ae_${hash('sha256', `${runEventId}/${actionIndex}`, 'hex').slice(0, 32)}`;
}
export type AutomationEmailWork = z.infer<typeof AUTOMATION_EMAIL.payload>;

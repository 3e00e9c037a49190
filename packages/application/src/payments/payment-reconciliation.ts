/**
 * The reconciliation sweep (PROGRAMME §5): recurring work on the background-work engine that asks Stripe
 * about every payment still pending an hour after it started, and records what Stripe says as its
 * notice would have: a notice lost on the way never leaves a paid session uncredited, and the pass still
 * credits each session once, whichever comes first.
 */
import { workKind, type Work, type WorkHandler, type WorkResult } from '@passes/background-work';
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import type { Payments } from './payments';

export const PAYMENT_RECONCILIATION = workKind('payments.reconciliation', z.object({}));

/** How long a session may stay pending before the sweep asks Stripe about it. */
export const RECONCILE_AFTER_MS = 60 * 60_000;
/** How often the sweep runs. */
export const RECONCILIATION_PERIOD_MS = 15 * 60_000;

export class PaymentReconciliation implements WorkHandler<Record<string, never>> {
  readonly kind = PAYMENT_RECONCILIATION;
  readonly leaseMs = 5 * 60_000;
  readonly retryScheduleMs = [60_000, 300_000];
  readonly maxConcurrent = 1;

  constructor(
    private readonly payments: Payments,
    private readonly clock: Clock,
  ) {}

  async handle(work: Work<Record<string, never>>): Promise<WorkResult> {
    try {
      await this.payments.reconcile(new Date(this.clock.now().getTime() - RECONCILE_AFTER_MS), `reconciliation:${work.id}`);
      return { outcome: 'done' };
    } catch (error) {
      return { outcome: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
  }
}

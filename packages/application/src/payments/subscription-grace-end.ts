/**
 * The end of a subscription's grace period (PROGRAMME §5), timed work on the background-work engine
 * recorded when a renewal fails: the business's plan becomes what the subscription gives then (Free,
 * unless the renewal was paid meanwhile).
 */
import type { Work, WorkHandler, WorkResult } from '@passes/background-work';
import { SUBSCRIPTION_GRACE_END, type Subscriptions } from './subscriptions';

export class SubscriptionGraceEnd implements WorkHandler<{ business_id: string }> {
  readonly kind = SUBSCRIPTION_GRACE_END;
  readonly leaseMs = 60_000;
  readonly retryScheduleMs = [60_000, 300_000, 1_800_000];
  readonly maxConcurrent = 1;

  constructor(private readonly subscriptions: Subscriptions) {}

  async handle(work: Work<{ business_id: string }>): Promise<WorkResult> {
    try {
      await this.subscriptions.onGraceEnd(work.payload.business_id, `grace-end:${work.id}`);
      return { outcome: 'done' };
    } catch (error) {
      return { outcome: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
  }
}

/**
 * A business's subscription to Pro (stream `subscription-{businessId}`), as Stripe's notices say it is,
 * and the plan it gives: Pro while it is active; after a failed renewal, Pro for 7 days' grace, then Free;
 * Free once it ends. Recording what Stripe already said again decides nothing.
 */
import { z } from 'zod';
import { occurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import type { Plan } from '../plan/plan';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export const SUBSCRIPTION_GRACE_MS = 7 * 24 * 60 * 60_000;

export interface Subscription {
  businessId: string;
  subscriptionId: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When a renewal last failed while the subscription has not been paid since; null otherwise. */
  renewalFailedAt: string | null;
}

export type SubscriptionState = Subscription | null;

interface SubscriptionRecordedData {
  business_id: string;
  subscription_id: string;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  occurred_at: string;
}

export type SubscriptionEvent =
  | { type: 'SubscriptionRecorded'; data: SubscriptionRecordedData }
  | { type: 'SubscriptionRenewalFailed'; data: { subscription_id: string; occurred_at: string } };

export type SubscriptionCommand =
  | { type: 'RecordSubscription'; businessId: string; subscriptionId: string; status: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean; now: Date }
  | { type: 'RecordRenewalFailure'; subscriptionId: string; now: Date };

/** Stripe's statuses of a subscription whose renewal was not paid; Pro holds through the grace period. */
const UNPAID = new Set(['past_due', 'unpaid']);
const PAID = new Set(['active', 'trialing']);

function decideSubscription(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'RecordSubscription': {
      const data = {
        business_id: command.businessId,
        subscription_id: command.subscriptionId,
        status: command.status,
        current_period_end: command.currentPeriodEnd?.toISOString() ?? null,
        cancel_at_period_end: command.cancelAtPeriodEnd,
        occurred_at,
      };
      const same =
        state !== null &&
        state.subscriptionId === data.subscription_id &&
        state.status === data.status &&
        state.currentPeriodEnd === data.current_period_end &&
        state.cancelAtPeriodEnd === data.cancel_at_period_end;
      // A notice of an older subscription after a newer one began is a thing of the past.
      const older = state !== null && state.subscriptionId !== data.subscription_id && PAID.has(state.status) && !PAID.has(data.status);
      return same || older ? [] : [{ type: 'SubscriptionRecorded', data }];
    }
    case 'RecordRenewalFailure':
      if (state === null || state.subscriptionId !== command.subscriptionId) throw new DomainError('not_found', 'No such subscription for the business.');
      if (state.renewalFailedAt !== null) return [];
      return [{ type: 'SubscriptionRenewalFailed', data: { subscription_id: command.subscriptionId, occurred_at } }];
    default:
      return assertNever(command);
  }
}

function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionRecorded': {
      const { data } = event;
      const failedAt = state?.subscriptionId === data.subscription_id && !PAID.has(data.status) ? state.renewalFailedAt : null;
      return {
        businessId: data.business_id,
        subscriptionId: data.subscription_id,
        status: data.status,
        currentPeriodEnd: data.current_period_end,
        cancelAtPeriodEnd: data.cancel_at_period_end,
        renewalFailedAt: failedAt,
      };
    }
    case 'SubscriptionRenewalFailed':
      return state === null ? null : { ...state, renewalFailedAt: event.data.occurred_at };
    default:
      return assertNever(event);
  }
}

/** When the grace period of the last failed renewal ends; null when no renewal failed since the last one paid. */
export function graceEndsAt(subscription: Subscription): Date | null {
  if (subscription.renewalFailedAt === null) return null;
  return new Date(new Date(subscription.renewalFailedAt).getTime() + SUBSCRIPTION_GRACE_MS);
}

/** The plan the subscription gives at `now`. */
export function subscribedPlan(subscription: SubscriptionState, now: Date): Plan {
  if (subscription === null) return 'free';
  if (PAID.has(subscription.status)) return 'pro';
  const graceEnd = graceEndsAt(subscription);
  return UNPAID.has(subscription.status) && graceEnd !== null && now < graceEnd ? 'pro' : 'free';
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: () => null,
};

export const subscriptionEvents: EventRegistry<SubscriptionEvent> = {
  SubscriptionRecorded: {
    version: 1,
    schema: z.object({
      business_id: z.string(),
      subscription_id: z.string(),
      status: z.string(),
      current_period_end: occurredAt.nullable(),
      cancel_at_period_end: z.boolean(),
      occurred_at: occurredAt,
    }),
  },
  SubscriptionRenewalFailed: { version: 1, schema: z.object({ subscription_id: z.string(), occurred_at: occurredAt }) },
};

export const subscriptionAggregate = { decider: subscriptionDecider, events: subscriptionEvents };

/**
 * Pro by subscription (PROGRAMME §5): Stripe Checkout in subscription mode on the platform's own account,
 * the subscription as Stripe's notices say it is (stream `subscription-{business}`), and the plan it
 * gives: the business's plan moves with it (`BusinessPlanChanged`, with the subscription as its actor),
 * through 7 days' grace after a failed renewal. The operator's `admin set-plan` wins: once the operator
 * set the plan, the subscription moves it no more.
 */
import { DomainError, graceEndsAt, streamNames, subscribedPlan, subscriptionAggregate, businessEvents, isEventOf, type Subscription, type SubscriptionCommand } from '@passes/domain';
import { newWork, workKind, type NewWork, type WorkStore } from '@passes/background-work';
import type { EventStore } from '@passes/event-store';
import type { PaymentGateway, SubscriptionState } from '@passes/payments';
import { z } from 'zod';
import type { Businesses } from '../businesses/businesses';
import type { Plans } from '../plans/plans';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { atStripe } from './stripe-unavailable';

/** Timed work: the end of a grace period, when the plan is looked at again. */
export const SUBSCRIPTION_GRACE_END = workKind('subscriptions.grace_end', z.object({ business_id: z.string() }));

/** The actor of what the operator's CLI records (services/cli). */
const OPERATOR_ACTOR = 'cli';

export interface SubscriptionView {
  plan: 'free' | 'pro';
  status: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export class Subscriptions {
  constructor(
    private readonly gateway: PaymentGateway | null,
    /** The Stripe Price of Pro; null when subscriptions are not offered. */
    private readonly proPrice: string | null,
    private readonly commands: CommandHandler,
    private readonly events: EventStore,
    private readonly businesses: Businesses,
    private readonly plans: Plans,
    private readonly work: Pick<WorkStore, 'record'>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly appUrl: () => string,
  ) {}

  /** A Checkout page where the owner subscribes to Pro; back to the dashboard afterwards. */
  async checkout(businessId: string): Promise<{ checkoutUrl: string }> {
    const gateway = this.gateway;
    if (gateway === null || this.proPrice === null) throw new DomainError('payments_unavailable', 'Subscriptions are not configured on this service.');
    const dashboard = `${this.appUrl()}/dashboard/`;
    const request = { businessId, priceId: this.proPrice, successUrl: dashboard, cancelUrl: dashboard, idempotencyKey: `subscription-${businessId}-${this.ids.newId()}` };
    const session = await atStripe(gateway.createSubscriptionSession(request));
    return { checkoutUrl: session.url };
  }

  async view(businessId: string): Promise<SubscriptionView> {
    const [plan, subscription] = await Promise.all([this.plans.planOf(businessId), this.subscriptionOf(businessId)]);
    return { plan, status: subscription?.status ?? null, currentPeriodEnd: subscription?.currentPeriodEnd ?? null, cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false };
  }

  /** Cancels at the end of the period paid for: Pro holds until then. */
  async cancel(businessId: string, context: CommandContext): Promise<SubscriptionView> {
    const gateway = this.gateway;
    if (gateway === null) throw new DomainError('payments_unavailable', 'Subscriptions are not configured on this service.');
    const subscription = await this.subscriptionOf(businessId);
    if (subscription === null || subscription.status === 'canceled') throw new DomainError('not_found', 'The business has no subscription to cancel.');
    const state = await atStripe(gateway.cancelAtPeriodEnd(subscription.subscriptionId, `cancel-${subscription.subscriptionId}`));
    await this.record(businessId, state, context);
    return this.view(businessId);
  }

  /** What Stripe says of a subscription the service made. */
  async onChanged(state: SubscriptionState, correlationId: string): Promise<void> {
    if (state.businessId === null) return;
    await this.record(state.businessId, state, { actor: `subscription:${state.subscriptionId}`, correlationId });
  }

  /** A renewal's payment failed: the grace period starts, and its end is due as timed work. */
  async onRenewalFailed(businessId: string, subscriptionId: string, correlationId: string): Promise<void> {
    const context = { actor: `subscription:${subscriptionId}`, correlationId };
    const subscription = await this.run(businessId, context, { type: 'RecordRenewalFailure', subscriptionId, now: this.clock.now() });
    const graceEnd = graceEndsAt(subscription);
    if (graceEnd !== null) await this.work.record([this.graceEndWork(businessId, graceEnd)]);
    await this.syncPlan(businessId, subscription, context);
  }

  /** The grace period's end: the plan is what the subscription gives now. */
  async onGraceEnd(businessId: string, correlationId: string): Promise<void> {
    const subscription = await this.subscriptionOf(businessId);
    if (subscription !== null) await this.syncPlan(businessId, subscription, { actor: `subscription:${subscription.subscriptionId}`, correlationId });
  }

  private async record(businessId: string, state: SubscriptionState, context: CommandContext): Promise<void> {
    const command: SubscriptionCommand = {
      type: 'RecordSubscription',
      businessId,
      subscriptionId: state.subscriptionId,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      now: this.clock.now(),
    };
    await this.syncPlan(businessId, await this.run(businessId, context, command), context);
  }

  /** Moves the business's plan to what the subscription gives, unless the operator set it last. */
  private async syncPlan(businessId: string, subscription: Subscription, context: CommandContext): Promise<void> {
    if (await this.setByOperator(businessId)) return;
    await this.businesses.changePlan(businessId, subscribedPlan(subscription, this.clock.now()), context);
  }

  private async setByOperator(businessId: string): Promise<boolean> {
    const history = await this.events.readStream(streamNames.business(businessId));
    const last = history.filter((event) => isEventOf(businessEvents, event.type) && event.type === 'BusinessPlanChanged').at(-1);
    return last?.metadata.actor === OPERATOR_ACTOR;
  }

  private graceEndWork(businessId: string, at: Date): NewWork {
    return newWork(SUBSCRIPTION_GRACE_END, { id: `grace-end-${businessId}-${at.toISOString()}`, payload: { business_id: businessId }, dueAt: at, createdAt: this.clock.now() });
  }

  private async run(businessId: string, context: CommandContext, command: SubscriptionCommand): Promise<Subscription> {
    const result = await this.commands.handle(subscriptionAggregate, { stream: streamNames.subscription(businessId), businessId, context }, () => command);
    if (result.state === null) throw new DomainError('not_found', 'No subscription for the business.');
    return result.state;
  }

  private async subscriptionOf(businessId: string): Promise<Subscription | null> {
    return (await this.commands.load(subscriptionAggregate, streamNames.subscription(businessId))).state;
  }
}

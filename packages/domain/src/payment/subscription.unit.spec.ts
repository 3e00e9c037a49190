import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { NOW, OCCURRED_AT } from '../testing/pass-fixtures';
import { subscribedPlan, subscriptionDecider, SUBSCRIPTION_GRACE_MS, type SubscriptionEvent } from './subscription';

const spec = deciderSpec(subscriptionDecider);
const PERIOD_END = new Date('2026-12-21T10:00:00.000Z');
const record = (status: string, cancelAtPeriodEnd = false) =>
  ({ type: 'RecordSubscription', businessId: 'b-1', subscriptionId: 'sub_1', status, currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd, now: NOW }) as const;
const recorded = (status: string, cancel_at_period_end = false): SubscriptionEvent => ({
  type: 'SubscriptionRecorded',
  data: { business_id: 'b-1', subscription_id: 'sub_1', status, current_period_end: PERIOD_END.toISOString(), cancel_at_period_end, occurred_at: OCCURRED_AT },
});
const failed: SubscriptionEvent = { type: 'SubscriptionRenewalFailed', data: { subscription_id: 'sub_1', occurred_at: OCCURRED_AT } };
const planAfter = (events: SubscriptionEvent[], at: Date) => subscribedPlan(replay(subscriptionDecider, events), at);
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('a subscription to Pro', () => {
  test('is recorded as Stripe says it is, once', () => {
    spec.given([]).when(record('active')).then([recorded('active')]);
    spec.given([recorded('active')]).when(record('active')).then([]);
    spec.given([recorded('active')]).when(record('active', true)).then([recorded('active', true)]);
  });

  test('gives Pro while active, and Free once it ends', () => {
    expect(planAfter([], NOW)).toBe('free');
    expect(planAfter([recorded('active')], NOW)).toBe('pro');
    expect(planAfter([recorded('active', true)], NOW)).toBe('pro');
    expect(planAfter([recorded('active'), recorded('canceled')], NOW)).toBe('free');
  });

  test('after a failed renewal gives 7 days of grace, then Free', () => {
    const unpaid = [recorded('active'), failed, recorded('past_due')];
    expect(planAfter(unpaid, later(SUBSCRIPTION_GRACE_MS - 1))).toBe('pro');
    expect(planAfter(unpaid, later(SUBSCRIPTION_GRACE_MS))).toBe('free');
  });

  test('a renewal paid after all ends the grace for good', () => {
    const recovered = [recorded('active'), failed, recorded('past_due'), recorded('active')];
    expect(replay(subscriptionDecider, recovered)?.renewalFailedAt).toBeNull();
    expect(planAfter(recovered, later(2 * SUBSCRIPTION_GRACE_MS))).toBe('pro');
  });

  test('records a failed renewal once', () => {
    spec.given([recorded('active')]).when({ type: 'RecordRenewalFailure', subscriptionId: 'sub_1', now: NOW }).then([failed]);
    spec.given([recorded('active'), failed]).when({ type: 'RecordRenewalFailure', subscriptionId: 'sub_1', now: NOW }).then([]);
  });
});

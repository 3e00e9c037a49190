import { describe, expect, it } from '@jest/globals';
import { PASS_EVENT_TYPES } from '@passes/domain';
import { webhookEventId } from './webhook-event-id';
import { webhookEventOf } from './webhook-event-mapping';

describe('webhook events', () => {
  it('maps each pass event to its notification (DESIGN §5)', () => {
    const mapped = Object.fromEntries(PASS_EVENT_TYPES.map((type) => [type, webhookEventOf(type)]));
    expect(mapped).toEqual({
      PassIssued: 'pass.created',
      PassUpdated: 'pass.updated',
      PassStamped: 'pass.updated',
      PointsAdjusted: 'pass.updated',
      BalanceCharged: 'pass.updated',
      BalanceToppedUp: 'pass.updated',
      PassCheckedIn: 'pass.updated',
      PassRedeemed: 'pass.redeemed',
      PassVoided: 'pass.voided',
      PassReactivated: 'pass.updated',
      PassScanned: 'pass.scanned',
      PassInstalled: 'pass.installed',
      PassUninstalled: 'pass.uninstalled',
      RewardEarned: 'reward.earned',
      RewardRedeemed: 'reward.redeemed',
      PaymentStarted: null,
      PaymentSucceeded: 'payment.succeeded',
      PaymentExpired: null,
      PaymentRefunded: 'payment.refunded',
      MessageSent: 'pass.updated',
      AutomationRan: 'pass.updated',
      AutomationEmailsStopped: null,
      AutomationEmailsResumed: null,
    });
  });

  it('gives one event the same id for a webhook every time, and another id for another webhook', () => {
    expect(webhookEventId('e-1', 'w-1')).toBe(webhookEventId('e-1', 'w-1'));
    expect(webhookEventId('e-1', 'w-1')).not.toBe(webhookEventId('e-1', 'w-2'));
    expect(webhookEventId('e-1', 'w-1')).toMatch(/^evt_[0-9a-f]{32}$/);
  });
});

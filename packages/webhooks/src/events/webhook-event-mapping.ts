/**
 * Which webhook notification each pass event is (DESIGN §5), by its type alone: whether anyone is
 * subscribed is known before the event is decoded. A new pass event fails to compile here until it is mapped.
 */
import { assertNever, type PassEventType, type WebhookEventName } from '@passes/domain';

/** Null for a pass event nobody is told of: a payment opened, or left to expire; the holder's choice of automation emails. */
export function webhookEventOf(type: PassEventType): WebhookEventName | null {
  switch (type) {
    case 'PassIssued':
      return 'pass.created';
    case 'PassRedeemed':
      return 'pass.redeemed';
    case 'PassVoided':
      return 'pass.voided';
    case 'PassScanned':
      return 'pass.scanned';
    case 'PassInstalled':
      return 'pass.installed';
    case 'PassUninstalled':
      return 'pass.uninstalled';
    case 'RewardEarned':
      return 'reward.earned';
    case 'RewardRedeemed':
      return 'reward.redeemed';
    case 'PaymentSucceeded':
      return 'payment.succeeded';
    case 'PaymentRefunded':
      return 'payment.refunded';
    case 'PaymentStarted':
    case 'PaymentExpired':
    case 'AutomationEmailsStopped':
    case 'AutomationEmailsResumed':
      return null;
    case 'PassUpdated':
    case 'PassStamped':
    case 'PointsAdjusted':
    case 'BalanceCharged':
    case 'BalanceToppedUp':
    case 'PassCheckedIn':
    case 'PassReactivated':
    case 'AutomationRan':
    case 'MessageSent':
      return 'pass.updated';
    default:
      return assertNever(type);
  }
}

/**
 * What one pass event adds to its day's counts, given the pass's facts before and after it. A wallet
 * install is a device newly registered (a new push token for a registered device is none), and an
 * uninstall one that was; points spent include those a reward redeemed took off; a message counts once
 * for each pass it was sent to.
 */
import { assertNever, type PassEvent } from '@passes/domain';
import type { Counts } from './analytics-counters';
import type { PassFacts } from './analytics-documents';

export function countsOf(before: PassFacts | null, after: PassFacts, event: PassEvent): Counts {
  switch (event.type) {
    case 'PassIssued':
      return { passes_issued: 1 };
    case 'PassVoided':
      return { passes_voided: 1 };
    case 'PassInstalled':
      return after.devices.length > (before?.devices.length ?? 0) ? { wallet_installs: 1 } : {};
    case 'PassUninstalled':
      return after.devices.length < (before?.devices.length ?? 0) ? { wallet_uninstalls: 1 } : {};
    case 'PassScanned':
      return { scans: 1 };
    case 'PassCheckedIn':
      return { check_ins: 1 };
    case 'PassStamped':
      return { stamps: event.data.count };
    case 'PointsAdjusted':
      return event.data.delta > 0 ? { points_awarded: event.data.delta } : { points_spent: -event.data.delta };
    case 'RewardEarned':
      return { rewards_earned: 1 };
    case 'RewardRedeemed':
      return event.data.metric === 'points' ? { rewards_redeemed: 1, points_spent: event.data.deducted } : { rewards_redeemed: 1 };
    case 'BalanceCharged':
      return { charges: 1, charged_amount: event.data.amount_minor };
    case 'BalanceToppedUp':
      return { topups: 1, topped_up_amount: event.data.amount_minor };
    case 'MessageSent':
      // Whatever its delivery: the pass holds the message even when Google's quota kept back its notification
      // or no wallet the service updates holds the pass yet.
      return { messages_sent: 1 };
    case 'PassUpdated':
    case 'PassRedeemed':
    case 'PassReactivated':
      return {};
    // An online payment's credit is its BalanceToppedUp (same append), counted above; a refund returns money
    // paid, which is not a charge at the counter.
    case 'PaymentStarted':
    case 'PaymentSucceeded':
    case 'PaymentExpired':
    case 'PaymentRefunded':
    // A run is the record of what an automation did; its actions' own events are counted as they are.
    case 'AutomationRan':
    // The holder's choice of automation emails is no use of the pass.
    case 'AutomationEmailsStopped':
    case 'AutomationEmailsResumed':
      return {};
    default:
      return assertNever(event);
  }
}

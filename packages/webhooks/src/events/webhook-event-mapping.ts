/** Which webhook notification each pass event is (DESIGN §5). A new pass event fails to compile here until it is mapped. */
import { assertNever, type PassEvent, type WebhookEventName } from '@passes/domain';

export function webhookEventOf(event: PassEvent): WebhookEventName {
  switch (event.type) {
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
    case 'PassUpdated':
    case 'PassStamped':
    case 'PointsAdjusted':
    case 'BalanceCharged':
    case 'BalanceToppedUp':
    case 'PassCheckedIn':
    case 'PassReactivated':
      return 'pass.updated';
    default:
      return assertNever(event);
  }
}

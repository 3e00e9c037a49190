/** One line for each event of a pass's history (the events endpoint), as a person would say it. */
import type { PassHistoryResponse } from '@passes/contracts';
import { formatCount, formatMoney, formatQuantity } from '../../ui/format';

export type HistoryEntry = PassHistoryResponse['data'][number];

const SCAN_REASONS: Readonly<Record<string, string>> = {
  missing_signature: 'the code carried no signature',
  invalid_signature: 'the signature did not match',
  voided: 'the pass is voided',
  redeemed: 'the pass is already redeemed',
  scan_cooldown: 'within the check-in cooldown',
};

/** `currency`: the template's, so the history says money as the rest of the dashboard does. */
const moneyIn = (currency: string | null) => (minor: unknown) => (typeof minor === 'number' ? formatMoney(minor / 100, currency) : '?');

const DELIVERIES: Readonly<Record<string, string>> = {
  delivered: 'delivered',
  quota_limited: 'shown without a notification, Google’s daily quota spent',
  not_installed: 'in no wallet the service updates',
};
/** A number the event holds, as the rest of the dashboard writes numbers; `?` where it holds none. */
const count = (value: unknown) => (typeof value === 'number' ? formatCount(value) : '?');
/** The same, with its noun, one or many. */
const quantity = (value: unknown, one: string, many: string) => (typeof value === 'number' ? formatQuantity(value, one, many) : `? ${many}`);

export function describeEvent({ type, data }: HistoryEntry, currency: string | null = null): string {
  const money = moneyIn(currency);
  switch (type) {
    case 'PassIssued':
      return `Issued as ${typeof data['serial_number'] === 'string' ? data['serial_number'] : 'a new pass'}`;
    case 'PassUpdated': {
      const changes = data['changes'];
      const names = typeof changes === 'object' && changes !== null ? Object.keys(changes) : [];
      return names.length > 0 ? `Updated: ${names.join(', ').replaceAll('_minor', '').replaceAll('_', ' ')}` : 'Updated';
    }
    case 'PassStamped':
      return `${quantity(data['count'], 'stamp', 'stamps')} added (now ${count(data['stamps'])})`;
    case 'PointsAdjusted': {
      const delta = typeof data['delta'] === 'number' ? data['delta'] : 0;
      return `${delta >= 0 ? `${formatQuantity(delta, 'point', 'points')} added` : `${formatQuantity(-delta, 'point', 'points')} spent`} (now ${count(data['points'])})`;
    }
    case 'BalanceCharged':
      return `Charged ${money(data['amount_minor'])} (balance ${money(data['balance_minor'])})`;
    case 'BalanceToppedUp':
      return `Topped up ${money(data['amount_minor'])} (balance ${money(data['balance_minor'])})`;
    case 'PassCheckedIn':
      return 'Checked in';
    case 'PassRedeemed':
      return 'Redeemed';
    case 'PassVoided':
      return 'Voided';
    case 'PassReactivated':
      return 'Reactivated';
    case 'PassScanned': {
      const mode = data['mode'] === 'checkin' ? 'Scanned to check in' : 'Scanned';
      if (data['valid'] !== true) return `${mode}: not valid, ${SCAN_REASONS[String(data['reason'])] ?? String(data['reason'])}`;
      if (data['reason']) return `${mode}: valid, ${SCAN_REASONS[String(data['reason'])] ?? String(data['reason'])}`;
      return `${mode}: valid${data['checked_in'] === true ? ', checked in' : ''}`;
    }
    case 'PassInstalled':
      return 'Added to a wallet';
    case 'PassUninstalled':
      return 'Removed from a wallet';
    case 'RewardEarned':
      return `Earned a reward: ${typeof data['title'] === 'string' ? data['title'] : '?'}`;
    case 'RewardRedeemed':
      return `Reward redeemed (${data['metric'] === 'points' ? quantity(data['deducted'], 'point', 'points') : quantity(data['deducted'], 'stamp', 'stamps')} used, now ${count(data['value'])})`;
    case 'PaymentStarted':
      return `Online top-up of ${money(data['amount_minor'])} started`;
    case 'PaymentSucceeded':
      return `Paid ${money(data['amount_minor'])} online (fee ${money(data['fee_minor'])})`;
    case 'PaymentExpired':
      return 'Online top-up expired unpaid';
    case 'PaymentRefunded':
      return `Refunded ${money(data['amount_minor'])} (balance ${money(data['balance_minor'])})`;
    case 'MessageSent': {
      const message = data['message'];
      const header = typeof message === 'object' && message !== null && 'header' in message ? String(message.header) : '?';
      return `Message “${header}”: ${DELIVERIES[String(data['delivery'])] ?? String(data['delivery'])}`;
    }
    case 'AutomationRan':
      return `An automation ran (${typeof data['occurrence'] === 'string' ? data['occurrence'] : '?'})`;
    case 'AutomationEmailsStopped':
      return 'The holder stopped automation emails';
    case 'AutomationEmailsResumed':
      return 'The holder turned automation emails back on';
    default: {
      const unexpected: never = type;
      return unexpected;
    }
  }
}

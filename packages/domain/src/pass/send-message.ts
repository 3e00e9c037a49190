/**
 * A message to a pass's holder (PROGRAMME §2, §3): refused on a voided pass, sent at most once per
 * source (a second send of the same campaign, or of one automation occurrence, records nothing), and
 * notifying while the pass has notifications left in Google's daily quota, counted from its own sends.
 */
import { DomainError } from '../shared/domain-error';
import { hasNotificationLeft, messageSourceKey } from './message-sources';
import type { PassCommandOf } from './pass-commands';
import type { MessageDelivery, PassEvent } from './pass-events';
import type { Pass } from './pass-state';

export function sendMessage({ message, source, googleWallet, now }: PassCommandOf<'SendMessage'>, pass: Pass): PassEvent[] {
  if (pass.status === 'voided') throw new DomainError('invalid_state', 'Cannot send a message to a pass that is voided.', { status: pass.status });
  if (pass.messageSources.includes(messageSourceKey(source))) return [];
  const notify = hasNotificationLeft(pass, now);
  return [{ type: 'MessageSent', data: { message, source, notify, delivery: deliveryOf(pass, notify, googleWallet), occurred_at: now.toISOString() } }];
}

/**
 * Apple devices registered for the pass get it with its notification. Google Wallet objects are updated
 * for every pass once Google is set up (the service hears of no saves): without a notification left, the
 * holder sees the message silently.
 */
function deliveryOf(pass: Pass, notify: boolean, googleWallet: boolean): MessageDelivery {
  if (Object.keys(pass.walletDevices).length > 0) return 'delivered';
  if (!googleWallet) return 'not_installed';
  return notify ? 'delivered' : 'quota_limited';
}

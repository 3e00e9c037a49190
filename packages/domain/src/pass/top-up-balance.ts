import { invalidField } from '../shared/invalid-field';
import { MAX_MINOR_UNITS, formatMinorUnits } from '../shared/money';
import { requireInteger } from '../shared/require-integer';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';

export function topUpBalance({ amountMinor, now }: PassCommandOf<'TopUpBalance'>, pass: Pass): PassEvent[] {
  requireInteger('amount_minor', amountMinor, { min: 1, max: MAX_MINOR_UNITS });
  // A pass issued without a balance becomes a stored-value pass on its first top-up.
  const current = pass.balanceMinor ?? 0;
  const balance = current + amountMinor;
  if (balance > MAX_MINOR_UNITS) {
    throw invalidField('amount_minor', `would take the balance of ${formatMinorUnits(current, null)} above the maximum of ${formatMinorUnits(MAX_MINOR_UNITS, null)}`);
  }
  return [{ type: 'BalanceToppedUp', data: { amount_minor: amountMinor, balance_minor: balance, occurred_at: now.toISOString() } }];
}

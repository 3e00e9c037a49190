import { DomainError } from '../shared/domain-error';
import { MAX_MINOR_UNITS, formatMinorUnits } from '../shared/money';
import { requireInteger } from '../shared/require-integer';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';

export function chargeBalance({ amountMinor, now }: PassCommandOf<'ChargeBalance'>, pass: Pass): PassEvent[] {
  requireInteger('amount_minor', amountMinor, { min: 1, max: MAX_MINOR_UNITS });
  const balance = pass.balanceMinor;
  if (balance === null || balance < amountMinor) {
    const held = balance === null ? 'has no balance' : `has a balance of ${formatMinorUnits(balance, null)}`;
    throw new DomainError('insufficient_funds', `The pass ${held}; cannot charge ${formatMinorUnits(amountMinor, null)}.`, {
      balance_minor: balance,
      amount_minor: amountMinor,
    });
  }
  return [{ type: 'BalanceCharged', data: { amount_minor: amountMinor, balance_minor: balance - amountMinor, occurred_at: now.toISOString() } }];
}

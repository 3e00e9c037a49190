/**
 * The rules of online payments on a pass. Stripe may repeat, reorder or delay what it tells us, so
 * every command here that records what Stripe says is idempotent: a session already credited, an
 * expiry after the payment, or a refund total already recorded decides nothing.
 */
import { feeRefundMinor, MAX_PAYMENT_MINOR, MIN_PAYMENT_MINOR, PAYMENT_CURRENCY, paymentFeeMinor } from '../payment/payment-fee';
import { DomainError } from '../shared/domain-error';
import { invalidField } from '../shared/invalid-field';
import { MAX_MINOR_UNITS, formatMinorUnits } from '../shared/money';
import { requireInteger } from '../shared/require-integer';
import { isPaid, type OnlinePayment } from './online-payment';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { Pass } from './pass-state';

/** Refuses a top-up a customer could not be sent to pay for: out of range, or a pass that takes none. */
export function assertCanTakePayment(pass: Pass, amountMinor: number): void {
  requireInteger('amount', amountMinor, { min: MIN_PAYMENT_MINOR, max: MAX_PAYMENT_MINOR });
  if (pass.status === 'voided') throw new DomainError('pass_voided', 'The pass is voided; it takes no top-up.');
  if (pass.status === 'redeemed') throw new DomainError('invalid_state', 'Cannot top up a pass that is redeemed.', { status: pass.status });
  if (pass.balanceMinor === null) throw new DomainError('no_balance', 'The pass holds no balance; only a stored-value pass can be topped up.');
  if (pass.balanceMinor + amountMinor > MAX_MINOR_UNITS) {
    throw invalidField('amount', `would take the balance of ${formatMinorUnits(pass.balanceMinor, null)} above the maximum of ${formatMinorUnits(MAX_MINOR_UNITS, null)}`);
  }
}

export function startPayment(command: PassCommandOf<'StartPayment'>, pass: Pass): PassEvent[] {
  assertCanTakePayment(pass, command.amountMinor);
  if (pass.payments[command.paymentId] !== undefined) return [];
  const data = {
    payment_id: command.paymentId,
    mode: pass.mode,
    checkout_session_id: command.checkoutSessionId,
    amount_minor: command.amountMinor,
    fee_minor: paymentFeeMinor(command.amountMinor),
    currency: PAYMENT_CURRENCY,
    occurred_at: command.now.toISOString(),
  };
  return [{ type: 'PaymentStarted', data }];
}

/**
 * Credits the pass with what the session took, once per session. The money is taken, so the credit is
 * recorded whatever the pass's status has become since the customer was sent to pay.
 */
export function completePayment(command: PassCommandOf<'CompletePayment'>, pass: Pass): PassEvent[] {
  requireInteger('amount', command.amountMinor, { min: 1, max: MAX_MINOR_UNITS });
  const credited = Object.values(pass.payments).some((payment) => isPaid(payment) && (payment.id === command.paymentId || payment.checkoutSessionId === command.checkoutSessionId));
  if (credited) return [];
  const started = pass.payments[command.paymentId];
  const occurred_at = command.now.toISOString();
  const balance = (pass.balanceMinor ?? 0) + command.amountMinor;
  const succeeded = {
    payment_id: command.paymentId,
    mode: pass.mode,
    checkout_session_id: command.checkoutSessionId,
    payment_intent_id: command.paymentIntentId,
    amount_minor: command.amountMinor,
    fee_minor: started?.amountMinor === command.amountMinor ? started.feeMinor : paymentFeeMinor(command.amountMinor),
    currency: PAYMENT_CURRENCY,
    occurred_at,
  };
  // The top-up first, so the pass right after PaymentSucceeded (its webhook's) holds the new balance.
  return [
    { type: 'BalanceToppedUp', data: { amount_minor: command.amountMinor, balance_minor: balance, occurred_at } },
    { type: 'PaymentSucceeded', data: succeeded },
  ];
}

/** A session that expired unpaid; an expiry that arrives after the payment (or twice) changes nothing. */
export function expirePayment(command: PassCommandOf<'ExpirePayment'>, pass: Pass): PassEvent[] {
  const payment = pass.payments[command.paymentId];
  if (payment?.status !== 'pending') return [];
  return [{ type: 'PaymentExpired', data: { payment_id: payment.id, occurred_at: command.now.toISOString() } }];
}

/** What may still be refunded of a paid payment. */
export function refundableMinor(payment: OnlinePayment): number {
  return isPaid(payment) ? payment.amountMinor - payment.refundedMinor : 0;
}

/**
 * Records that `refundedTotalMinor` of the payment has been refunded in all (Stripe's own running
 * total, so a repeated or late notice of an older refund records nothing). The balance never goes
 * below 0: what was spent already is the payment's shortfall.
 */
export function recordRefund(command: PassCommandOf<'RecordRefund'>, pass: Pass): PassEvent[] {
  const payment = pass.payments[command.paymentId];
  if (payment === undefined || !isPaid(payment)) throw new DomainError('invalid_state', 'Only a paid payment can be refunded.');
  requireInteger('amount', command.refundedTotalMinor, { min: 0, max: payment.amountMinor });
  const amount = command.refundedTotalMinor - payment.refundedMinor;
  if (amount <= 0) return [];
  const held = pass.balanceMinor ?? 0;
  const debited = Math.min(held, amount);
  const data = {
    payment_id: payment.id,
    amount_minor: amount,
    refunded_minor: command.refundedTotalMinor,
    fee_refunded_minor: feeRefundMinor(payment, command.refundedTotalMinor),
    debited_minor: debited,
    shortfall_minor: amount - debited,
    balance_minor: held - debited,
    occurred_at: command.now.toISOString(),
  };
  return [{ type: 'PaymentRefunded', data }];
}

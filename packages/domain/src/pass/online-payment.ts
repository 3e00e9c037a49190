/**
 * An online payment for a top-up of a pass, as the pass's stream holds it: the pass's own ledger says
 * which Checkout Sessions were paid, so it can refuse to credit one twice.
 */
import { minorUnitsToNumber } from '../shared/money';

export const ONLINE_PAYMENT_STATUSES = ['pending', 'succeeded', 'expired', 'refunded', 'partially_refunded'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

export interface OnlinePayment {
  id: string;
  checkoutSessionId: string;
  /** Null until Stripe says which PaymentIntent paid the session. */
  paymentIntentId: string | null;
  amountMinor: number;
  feeMinor: number;
  currency: string;
  status: OnlinePaymentStatus;
  refundedMinor: number;
  feeRefundedMinor: number;
  /** What refunds could not take off the balance because it had been spent already. */
  shortfallMinor: number;
  createdAt: string;
  paidAt: string | null;
}

/** Whether the payment's money was taken (whatever has been refunded since). */
export function isPaid(payment: OnlinePayment): boolean {
  return payment.status === 'succeeded' || payment.status === 'refunded' || payment.status === 'partially_refunded';
}

type PaymentAmounts = Pick<OnlinePayment, 'amountMinor' | 'feeMinor' | 'feeRefundedMinor' | 'refundedMinor'>;

/** The fee the service keeps of a payment: its fee less what refunds gave back. */
function feeKeptMinor(payment: PaymentAmounts): number {
  return payment.feeMinor - payment.feeRefundedMinor;
}

/** What the business keeps of a payment: what was not refunded, less the fee kept. */
function netMinor(payment: PaymentAmounts): number {
  return payment.amountMinor - payment.refundedMinor - feeKeptMinor(payment);
}

/** A payment's figures as the API and webhooks show them, in major units. */
export function paymentFigures(payment: PaymentAmounts): { amount: number; fee: number; net: number; refunded_amount: number } {
  return {
    amount: minorUnitsToNumber(payment.amountMinor),
    fee: minorUnitsToNumber(feeKeptMinor(payment)),
    net: minorUnitsToNumber(netMinor(payment)),
    refunded_amount: minorUnitsToNumber(payment.refundedMinor),
  };
}

/** The facts of online payments recorded in a pass's stream (PROGRAMME §5). */
import type { Mode } from '../shared/mode';

/** A Checkout Session was opened for a top-up of the pass. */
export interface PaymentStartedData {
  payment_id: string;
  mode: Mode;
  checkout_session_id: string;
  amount_minor: number;
  fee_minor: number;
  currency: string;
  occurred_at: string;
}

/** The session was paid; the top-up it buys is the BalanceToppedUp just before it, in the same append. */
export interface PaymentSucceededData {
  payment_id: string;
  mode: Mode;
  checkout_session_id: string;
  payment_intent_id: string | null;
  amount_minor: number;
  fee_minor: number;
  currency: string;
  occurred_at: string;
}

export interface PaymentExpiredData {
  payment_id: string;
  occurred_at: string;
}

/**
 * `amount_minor` more was refunded (`refunded_minor` in all). `debited_minor` came off the balance,
 * now `balance_minor`; the rest of the refund had been spent and is the shortfall.
 */
export interface PaymentRefundedData {
  payment_id: string;
  amount_minor: number;
  refunded_minor: number;
  fee_refunded_minor: number;
  debited_minor: number;
  shortfall_minor: number;
  balance_minor: number;
  occurred_at: string;
}

export type OnlinePaymentEvent =
  | { type: 'PaymentStarted'; data: PaymentStartedData }
  | { type: 'PaymentSucceeded'; data: PaymentSucceededData }
  | { type: 'PaymentExpired'; data: PaymentExpiredData }
  | { type: 'PaymentRefunded'; data: PaymentRefundedData };

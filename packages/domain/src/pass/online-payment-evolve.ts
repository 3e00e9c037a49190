/** How the facts of online payments change the payments a pass holds. */
import { assertNever } from '../shared/decider';
import type { OnlinePayment } from './online-payment';
import type { OnlinePaymentEvent } from './online-payment-events';
import type { PassCommand } from './pass-commands';

/** The pass commands of online payments, which judge the pass's status themselves. */
export type OnlinePaymentCommandType = Extract<PassCommand['type'], 'StartPayment' | 'CompletePayment' | 'ExpirePayment' | 'RecordRefund'>;

type Payments = Readonly<Record<string, OnlinePayment>>;

export function withPaymentEvent(payments: Payments, event: OnlinePaymentEvent): Payments {
  const { payment_id } = event.data;
  const after = paymentAfter(payments[payment_id], event);
  return after === undefined ? payments : { ...payments, [payment_id]: after };
}

/** Undefined for an expiry or a refund of a payment the pass does not hold, which the decider never records. */
function paymentAfter(current: OnlinePayment | undefined, event: OnlinePaymentEvent): OnlinePayment | undefined {
  switch (event.type) {
    case 'PaymentStarted':
      return {
        id: event.data.payment_id,
        checkoutSessionId: event.data.checkout_session_id,
        paymentIntentId: null,
        amountMinor: event.data.amount_minor,
        feeMinor: event.data.fee_minor,
        currency: event.data.currency,
        status: 'pending',
        refundedMinor: 0,
        feeRefundedMinor: 0,
        shortfallMinor: 0,
        createdAt: event.data.occurred_at,
        paidAt: null,
      };
    case 'PaymentSucceeded':
      // A session paid before its start was recorded (the store was down then) is known from here on.
      return {
        id: event.data.payment_id,
        checkoutSessionId: event.data.checkout_session_id,
        paymentIntentId: event.data.payment_intent_id,
        amountMinor: event.data.amount_minor,
        feeMinor: event.data.fee_minor,
        currency: event.data.currency,
        status: 'succeeded',
        refundedMinor: 0,
        feeRefundedMinor: 0,
        shortfallMinor: 0,
        createdAt: current?.createdAt ?? event.data.occurred_at,
        paidAt: event.data.occurred_at,
      };
    case 'PaymentExpired':
      return current === undefined ? undefined : { ...current, status: 'expired' };
    case 'PaymentRefunded': {
      if (current === undefined) return undefined;
      const refundedMinor = event.data.refunded_minor;
      return {
        ...current,
        status: refundedMinor >= current.amountMinor ? 'refunded' : 'partially_refunded',
        refundedMinor,
        feeRefundedMinor: current.feeRefundedMinor + event.data.fee_refunded_minor,
        shortfallMinor: current.shortfallMinor + event.data.shortfall_minor,
      };
    }
    default:
      return assertNever(event);
  }
}

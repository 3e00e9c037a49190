/**
 * The payments read model (PROGRAMME §5): one document per online payment, made of the payment events
 * of its pass's stream, for a business's payments list and a payment's refund. The pass's stream
 * orders them; the document remembers the last position it took in, so a replayed batch changes nothing.
 */
import { assertNever, decodeEvent, isEventOf, ONLINE_PAYMENT_STATUSES, passEvents, type OnlinePaymentEvent } from '@passes/domain';
import { hasReached, positionFrom, type RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import type { Projection } from './projection';

export const PAYMENTS_COLLECTION = 'payments';

const paymentDocument = z.object({
  id: z.string(),
  businessId: z.string(),
  mode: z.enum(['live', 'test']),
  passId: z.string(),
  checkoutSessionId: z.string(),
  paymentIntentId: z.string().nullable(),
  amountMinor: z.number(),
  feeMinor: z.number(),
  feeRefundedMinor: z.number(),
  refundedMinor: z.number(),
  shortfallMinor: z.number(),
  currency: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  position: z.string().transform(positionFrom),
});

export type PaymentRecord = z.infer<typeof paymentDocument>;

const PAYMENT_EVENT_TYPES = ['PaymentStarted', 'PaymentSucceeded', 'PaymentExpired', 'PaymentRefunded'] as const;

function paymentEventOf(event: RecordedEvent): OnlinePaymentEvent {
  if (!isEventOf(passEvents, event.type)) throw new Error(`the payments projection takes no ${event.type}`);
  const decoded = decodeEvent(passEvents, event);
  switch (decoded.type) {
    case 'PaymentStarted':
    case 'PaymentSucceeded':
    case 'PaymentExpired':
    case 'PaymentRefunded':
      return decoded;
    default:
      throw new Error(`the payments projection takes no ${decoded.type}`);
  }
}

function applyPayment(doc: PaymentRecord | null, event: RecordedEvent): PaymentRecord | null {
  const payment = paymentEventOf(event);
  const position = event.position;
  switch (payment.type) {
    case 'PaymentStarted':
    case 'PaymentSucceeded': {
      const { data } = payment;
      const paid = payment.type === 'PaymentSucceeded';
      return {
        id: data.payment_id,
        businessId: event.metadata.business_id ?? doc?.businessId ?? '',
        mode: data.mode,
        passId: event.stream.slice('pass-'.length),
        checkoutSessionId: data.checkout_session_id,
        paymentIntentId: payment.type === 'PaymentSucceeded' ? payment.data.payment_intent_id : null,
        amountMinor: data.amount_minor,
        feeMinor: data.fee_minor,
        feeRefundedMinor: 0,
        refundedMinor: 0,
        shortfallMinor: 0,
        currency: data.currency,
        status: paid ? 'succeeded' : 'pending',
        createdAt: doc?.createdAt ?? data.occurred_at,
        paidAt: paid ? data.occurred_at : null,
        position,
      };
    }
    case 'PaymentExpired':
      return doc === null ? null : { ...doc, status: 'expired', position };
    case 'PaymentRefunded': {
      if (doc === null) return null;
      const { data } = payment;
      return {
        ...doc,
        status: data.refunded_minor >= doc.amountMinor ? 'refunded' : 'partially_refunded',
        refundedMinor: data.refunded_minor,
        feeRefundedMinor: doc.feeRefundedMinor + data.fee_refunded_minor,
        shortfallMinor: doc.shortfallMinor + data.shortfall_minor,
        position,
      };
    }
    default:
      return assertNever(payment);
  }
}

export const paymentsProjection: Projection<PaymentRecord, 'business_mode' | 'pass' | 'pending'> = {
  collection: PAYMENTS_COLLECTION,
  // 2: a pass's payments under their own key, so they are paged as the business's are.
  version: 2,
  schema: paymentDocument,
  indexes: ['business_mode', 'pass', 'pending'],
  eventTypes: new Set(PAYMENT_EVENT_TYPES),
  documentId: (event) => paymentEventOf(event).data.payment_id,
  revisionAfter: (current, event) => {
    if (current?.doc && hasReached(current.doc.position, event.position)) return null;
    return (current?.revision ?? -1) + 1;
  },
  // A payment paid before its start was recorded has no PaymentStarted: no event is surely its first.
  startsDocument: () => false,
  apply: applyPayment,
  keys: (payment) => ({
    business_mode: [`${payment.businessId}/${payment.mode}`],
    // With the business and mode, so a pass id from the query finds nothing outside the caller's scope.
    pass: [`${payment.businessId}/${payment.mode}/${payment.passId}`],
    // Every pending payment under one key: what the reconciliation sweep asks Stripe about.
    pending: payment.status === 'pending' ? ['pending'] : [],
  }),
};

/** How the facts of online payments are stored in a pass's stream (events/event-registry.ts). */
import { z } from 'zod';
import { count, mode, occurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import type { OnlinePaymentEvent } from './online-payment-events';

const payment = {
  payment_id: z.string(),
  mode,
  checkout_session_id: z.string(),
  amount_minor: count,
  fee_minor: count,
  currency: z.string(),
  occurred_at: occurredAt,
};

export const onlinePaymentEvents: EventRegistry<OnlinePaymentEvent> = {
  PaymentStarted: { version: 1, schema: z.object(payment) },
  PaymentSucceeded: { version: 1, schema: z.object({ ...payment, payment_intent_id: z.string().nullable() }) },
  PaymentExpired: { version: 1, schema: z.object({ payment_id: z.string(), occurred_at: occurredAt }) },
  PaymentRefunded: {
    version: 1,
    schema: z.object({
      payment_id: z.string(),
      amount_minor: count,
      refunded_minor: count,
      fee_refunded_minor: count,
      debited_minor: count,
      shortfall_minor: count,
      balance_minor: count,
      occurred_at: occurredAt,
    }),
  },
};

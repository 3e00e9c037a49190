/** How online payments answer (PROGRAMME §5). */
import { ONLINE_PAYMENT_STATUSES } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

const amount = z.number().min(0);

export const paymentAccountCreatedResponse = z.strictObject({ account_id: z.string(), onboarding_url: z.string() });

export const paymentAccountResponse = z.strictObject({
  account_id: z.string(),
  charges_enabled: z.boolean(),
  fee: z.strictObject({ percent: z.number(), fixed: z.number(), currency: z.string() }),
  /** What the passes' pages offer as "Top up", smallest first. */
  top_up_amounts: z.array(amount),
});
export type PaymentAccountResponse = z.infer<typeof paymentAccountResponse>;

/** `fee` is what the service keeps (less what refunds gave back); `net` is what the business keeps. */
export const paymentResponse = z.strictObject({
  id: z.string(),
  pass_id: z.string(),
  amount,
  fee: amount,
  net: z.number(),
  currency: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  refunded_amount: amount,
  created_at: instant,
  paid_at: instant.nullable(),
});
export type PaymentResponse = z.infer<typeof paymentResponse>;

export const paymentListResponse = z.strictObject({ data: z.array(paymentResponse), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

export const paymentLinkResponse = z.strictObject({ id: z.string(), url: z.string(), amount, fee: amount, expires_at: instant });

export const checkoutResponse = z.strictObject({ checkout_url: z.string() });

export const stripeEventReceivedResponse = z.strictObject({ received: z.literal(true) });

/** A business's plan and its subscription to Pro; `status` is Stripe's, null without a subscription. */
export const subscriptionResponse = z.strictObject({
  plan: z.enum(['free', 'pro']),
  status: z.string().nullable(),
  current_period_end: instant.nullable(),
  cancel_at_period_end: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

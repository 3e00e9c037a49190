/**
 * The port through which the service takes online payments (PROGRAMME §5): Connect accounts, Checkout
 * Sessions for top-ups on a business's account, refunds, and the notices the payment provider sends.
 * Every call that changes something at the provider carries an idempotency key, so a retried request
 * never charges, refunds or opens anything twice.
 */

/** What the service puts on a Checkout Session, and reads back from its notices. */
export interface PaymentReference {
  paymentId: string;
  passId: string;
  businessId: string;
}

export interface TopUpSessionRequest {
  accountId: string;
  reference: PaymentReference;
  amountMinor: number;
  feeMinor: number;
  /** ISO 4217, as the service writes it (`GBP`). */
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface TopUpSession {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** What a Checkout Session is now, for the reconciliation sweep. */
export interface SessionState {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  paymentIntentId: string | null;
  amountMinor: number | null;
}

/** A business's subscription to Pro on the platform's own account, as Stripe says it is. */
export interface SubscriptionState {
  subscriptionId: string;
  /** From the subscription's metadata; null for a subscription the service did not make. */
  businessId: string | null;
  /** Stripe's status: `active`, `trialing`, `past_due`, `unpaid`, `canceled`, `incomplete`… */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface SubscriptionSessionRequest {
  businessId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** A notice from the provider, verified and reduced to what the service acts on. */
export type PaymentNotice =
  | {
      type: 'session_completed';
      /** The connected account the event happened on (Stripe's `account`); null on the platform's own. */
      accountId: string | null;
      sessionId: string;
      paid: boolean;
      paymentIntentId: string | null;
      amountMinor: number;
      reference: PaymentReference;
    }
  | { type: 'session_expired'; accountId: string | null; sessionId: string; reference: PaymentReference }
  | { type: 'charge_refunded'; accountId: string | null; paymentIntentId: string; refundedTotalMinor: number; reference: PaymentReference | null }
  | { type: 'account_updated'; accountId: string; businessId: string | null; chargesEnabled: boolean }
  | { type: 'subscription_changed'; accountId: string | null; subscription: SubscriptionState }
  /** A renewal's payment failed: the grace period starts. */
  | { type: 'renewal_failed'; accountId: string | null; subscriptionId: string; businessId: string }
  /** A notice the service does not act on, or one about an object it did not make. */
  | { type: 'ignored'; reason: string };

export interface PaymentGateway {
  /** Where its Checkout pages are (an origin), for the Content-Security-Policy of pages that send customers there. */
  readonly checkoutOrigin: string;
  createAccount(businessId: string, idempotencyKey: string): Promise<{ accountId: string }>;
  onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }, idempotencyKey: string): Promise<{ url: string }>;
  createTopUpSession(request: TopUpSessionRequest): Promise<TopUpSession>;
  retrieveSession(accountId: string, sessionId: string): Promise<SessionState>;
  refund(accountId: string, paymentIntentId: string, amountMinor: number, idempotencyKey: string): Promise<{ refundId: string }>;
  /** Checkout in subscription mode on the platform's own account. */
  createSubscriptionSession(request: SubscriptionSessionRequest): Promise<{ url: string }>;
  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionState>;
  /** Verifies a notice's signature and age; throws InvalidNoticeError when either is wrong. The calls above throw PaymentProviderUnavailableError when Stripe cannot answer now. */
  readNotice(body: Buffer, signature: string): Promise<PaymentNotice>;
}

/** A notice whose signature is missing, wrong or too old: it is refused and nothing is recorded. */
export class InvalidNoticeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidNoticeError';
  }
}

/** The provider cannot answer now (unreachable, failing, limiting us): the caller may try again later. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

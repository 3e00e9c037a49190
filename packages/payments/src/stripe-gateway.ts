/**
 * The payment port on Stripe, through the official `stripe` package: Connect accounts with direct
 * charges (each Checkout Session is made on the business's own account, with our fee as its
 * `application_fee_amount`), and Stripe's webhook events verified as Stripe signs them. What Stripe
 * answers is checked with zod before anything reads it.
 */
import { z } from 'zod';
import { InvalidNoticeError, PaymentProviderUnavailableError, type PaymentGateway, type PaymentNotice, type PaymentReference, type SessionState, type SubscriptionSessionRequest, type SubscriptionState, type TopUpSession, type TopUpSessionRequest } from './payment-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, or a stand-in on loopback (`stripe-mock`) for tests. */
  apiUrl: URL;
  /** The time a notice's signature is judged at. */
  now: () => Date;
}

/** The `stripe` package, loaded at the first call rather than with every process that could make one. */
const loadStripe = () => import('stripe');
type StripeClient = InstanceType<Awaited<ReturnType<typeof loadStripe>>['default']>;

const STRIPE_API_HOST = 'api.stripe.com';
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** How old a signed notice may be: Stripe's own default tolerance. */
const NOTICE_TOLERANCE_SECONDS = 300;

const expandable = z.union([z.string(), z.object({ id: z.string() })]).nullable().optional();
const idOf = (value: z.infer<typeof expandable>): string | null => (value === null || value === undefined ? null : typeof value === 'string' ? value : value.id);

const referenceMetadata = z.object({ payment_id: z.string().min(1), pass_id: z.string().min(1), business_id: z.string().min(1) });
const metadata = z.record(z.string(), z.string()).nullable().optional();

const sessionObject = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']).nullable().optional(),
  payment_status: z.string(),
  payment_intent: expandable,
  amount_total: z.number().int().nullable().optional(),
  url: z.string().nullable().optional(),
  expires_at: z.number().int(),
  metadata,
});

const chargeObject = z.object({ id: z.string(), payment_intent: expandable, amount_refunded: z.number().int(), metadata });
const accountObject = z.object({ id: z.string(), charges_enabled: z.boolean().optional(), metadata });
const subscriptionObject = z.object({
  id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  metadata,
  // The period is each item's since Stripe's 2025-03-31 API; a subscription of one price has one item.
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().int().nullable().optional() })) }).optional(),
});
const invoiceObject = z.object({
  id: z.string(),
  parent: z.object({ subscription_details: z.object({ subscription: expandable, metadata }).nullable().optional() }).nullable().optional(),
});

function subscriptionStateOf(subscription: z.infer<typeof subscriptionObject>): SubscriptionState {
  const end = subscription.items?.data[0]?.current_period_end;
  return {
    subscriptionId: subscription.id,
    businessId: subscription.metadata?.['business_id'] ?? null,
    status: subscription.status,
    currentPeriodEnd: end === null || end === undefined ? null : new Date(end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

const eventEnvelope = z.object({ id: z.string(), type: z.string(), account: z.string().nullable().optional(), data: z.object({ object: z.unknown() }) });

function referenceOf(data: z.infer<typeof metadata>): PaymentReference | null {
  const parsed = referenceMetadata.safeParse(data ?? {});
  return parsed.success ? { paymentId: parsed.data.payment_id, passId: parsed.data.pass_id, businessId: parsed.data.business_id } : null;
}

function referenceMetadataOf(reference: PaymentReference): Record<string, string> {
  return { payment_id: reference.paymentId, pass_id: reference.passId, business_id: reference.businessId };
}

export class StripeGateway implements PaymentGateway {
  /** Made at the first call. */
  private client: Promise<StripeClient> | null = null;
  readonly checkoutOrigin: string;

  constructor(private readonly options: StripeGatewayOptions) {
    const { apiUrl } = options;
    // Stripe's Checkout is on a host of its own; a stand-in of Stripe serves its pages where its API is.
    this.checkoutOrigin = apiUrl.hostname === STRIPE_API_HOST ? STRIPE_CHECKOUT_ORIGIN : apiUrl.origin;
  }

  private stripe(): Promise<StripeClient> {
    this.client ??= loadStripe().then(({ default: StripeClient }) => {
      const { secretKey, apiUrl } = this.options;
      const protocol = apiUrl.protocol === 'http:' ? 'http' : 'https';
      return new StripeClient(secretKey, {
        host: apiUrl.hostname,
        port: apiUrl.port === '' ? (protocol === 'http' ? 80 : 443) : Number(apiUrl.port),
        protocol,
        // Retries reuse the idempotency key of the call, so a retry never charges twice.
        maxNetworkRetries: 2,
        telemetry: false,
      });
    });
    return this.client;
  }

  async createAccount(businessId: string, idempotencyKey: string): Promise<{ accountId: string }> {
    const account = await this.call((stripe) => stripe.accounts.create({ type: 'standard', metadata: { business_id: businessId } }, { idempotencyKey }));
    return { accountId: accountObject.parse(account).id };
  }

  async onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }, idempotencyKey: string): Promise<{ url: string }> {
    const link = await this.call((stripe) => stripe.accountLinks.create(
      { account: accountId, type: 'account_onboarding', refresh_url: urls.refreshUrl, return_url: urls.returnUrl },
      { idempotencyKey },
    ));
    return { url: z.object({ url: z.string() }).parse(link).url };
  }

  async createTopUpSession(request: TopUpSessionRequest): Promise<TopUpSession> {
    const reference = referenceMetadataOf(request.reference);
    const session = await this.call((stripe) => stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.reference.paymentId,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.description } },
          },
        ],
        payment_intent_data: { application_fee_amount: request.feeMinor, metadata: reference },
        metadata: reference,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
    ));
    const parsed = sessionObject.parse(session);
    if (!parsed.url) throw new Error(`Stripe gave Checkout Session ${parsed.id} no url`);
    return { sessionId: parsed.id, url: parsed.url, expiresAt: new Date(parsed.expires_at * 1000) };
  }

  async retrieveSession(accountId: string, sessionId: string): Promise<SessionState> {
    const session = sessionObject.parse(await this.call((stripe) => stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: accountId })));
    return {
      sessionId: session.id,
      status: session.status ?? 'open',
      paid: session.payment_status === 'paid',
      paymentIntentId: idOf(session.payment_intent),
      amountMinor: session.amount_total ?? null,
    };
  }

  async refund(accountId: string, paymentIntentId: string, amountMinor: number, idempotencyKey: string): Promise<{ refundId: string }> {
    const refund = await this.call((stripe) => stripe.refunds.create(
      // The fee comes back in proportion to what is refunded (Stripe's refund_application_fee).
      { payment_intent: paymentIntentId, amount: amountMinor, refund_application_fee: true },
      { stripeAccount: accountId, idempotencyKey },
    ));
    return { refundId: z.object({ id: z.string() }).parse(refund).id };
  }

  async createSubscriptionSession(request: SubscriptionSessionRequest): Promise<{ url: string }> {
    const businessMetadata = { business_id: request.businessId };
    const session = await this.call((stripe) =>
      stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: request.businessId,
          line_items: [{ price: request.priceId, quantity: 1 }],
          subscription_data: { metadata: businessMetadata },
          metadata: businessMetadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    const parsed = sessionObject.parse(session);
    if (!parsed.url) throw new Error(`Stripe gave Checkout Session ${parsed.id} no url`);
    return { url: parsed.url };
  }

  async cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionState> {
    const subscription = await this.call((stripe) => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey }));
    return subscriptionStateOf(subscriptionObject.parse(subscription));
  }

  /** Stripe unreachable, failing or limiting us is the port's PaymentProviderUnavailableError; anything else (a bug) as it is. */
  private async call<Result>(request: (stripe: StripeClient) => Promise<Result>): Promise<Result> {
    const stripe = await this.stripe();
    try {
      return await request(stripe);
    } catch (error) {
      const { StripeConnectionError, StripeAPIError, StripeRateLimitError } = stripe.errors;
      if (error instanceof StripeConnectionError || error instanceof StripeAPIError || error instanceof StripeRateLimitError) {
        throw new PaymentProviderUnavailableError(`Stripe cannot answer now: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }

  async readNotice(body: Buffer, signature: string): Promise<PaymentNotice> {
    const stripe = await this.stripe();
    let event: unknown;
    try {
      // In milliseconds, as stripe-node's verifyHeader takes it (it divides by 1000 itself).
      const receivedAt = this.options.now().getTime();
      event = stripe.webhooks.constructEvent(body, signature, this.options.webhookSecret, NOTICE_TOLERANCE_SECONDS, undefined, receivedAt);
    } catch (error) {
      throw new InvalidNoticeError(error instanceof Error ? error.message : 'The Stripe-Signature does not verify');
    }
    const envelope = eventEnvelope.safeParse(event);
    if (!envelope.success) throw new InvalidNoticeError('The event is not a Stripe event');
    try {
      return noticeOf(envelope.data.type, envelope.data.data.object, envelope.data.account ?? null);
    } catch (error) {
      if (error instanceof z.ZodError) throw new InvalidNoticeError(`The ${envelope.data.type} event is not as Stripe describes it: ${z.prettifyError(error)}`);
      throw error;
    }
  }
}

/** `accountId`: the connected account the event happened on, null for the platform's own. */
function noticeOf(type: string, object: unknown, accountId: string | null): PaymentNotice {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = sessionObject.parse(object);
      const reference = referenceOf(session.metadata);
      if (reference === null) return { type: 'ignored', reason: `session ${session.id} is not a top-up` };
      return {
        type: 'session_completed',
        accountId,
        sessionId: session.id,
        paid: session.payment_status === 'paid',
        paymentIntentId: idOf(session.payment_intent),
        amountMinor: session.amount_total ?? 0,
        reference,
      };
    }
    case 'checkout.session.expired': {
      const session = sessionObject.parse(object);
      const reference = referenceOf(session.metadata);
      if (reference === null) return { type: 'ignored', reason: `session ${session.id} is not a top-up` };
      return { type: 'session_expired', accountId, sessionId: session.id, reference };
    }
    case 'charge.refunded': {
      const charge = chargeObject.parse(object);
      const paymentIntentId = idOf(charge.payment_intent);
      if (paymentIntentId === null) return { type: 'ignored', reason: `charge ${charge.id} has no PaymentIntent` };
      return { type: 'charge_refunded', accountId, paymentIntentId, refundedTotalMinor: charge.amount_refunded, reference: referenceOf(charge.metadata) };
    }
    case 'account.updated': {
      const account = accountObject.parse(object);
      return { type: 'account_updated', accountId: account.id, businessId: account.metadata?.['business_id'] ?? null, chargesEnabled: account.charges_enabled ?? false };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { type: 'subscription_changed', accountId, subscription: subscriptionStateOf(subscriptionObject.parse(object)) };
    case 'invoice.payment_failed': {
      const invoice = invoiceObject.parse(object);
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      const businessId = details?.metadata?.['business_id'];
      if (subscriptionId === null || businessId === undefined) return { type: 'ignored', reason: `invoice ${invoice.id} is not of a Pro subscription` };
      return { type: 'renewal_failed', accountId, subscriptionId, businessId };
    }
    default:
      return { type: 'ignored', reason: `${type} is not acted on` };
  }
}

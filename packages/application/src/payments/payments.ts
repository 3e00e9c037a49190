/**
 * Online payments (PROGRAMME §5): a business's Connect account, Checkout Sessions for top-ups of its
 * stored-value passes, refunds, and what Stripe tells us about them. The pass's stream is the ledger:
 * a session's payment and its top-up are one append there, and the pass refuses to credit a session
 * twice, so nothing Stripe repeats, reorders or delays can credit or refund twice.
 */
import {
  assertCanTakePayment,
  DomainError,
  hasFeature,
  PAYMENT_CURRENCY,
  PAYMENT_FEE_FIXED_MINOR,
  PAYMENT_FEE_PERCENT,
  passAggregate,
  paymentAccountAggregate,
  paymentFeeMinor,
  refundableMinor,
  streamNames,
  type Pass,
  type PassCommand,
  type PaymentAccount,
  type PaymentAccountCommand,
} from '@passes/domain';
import type { PaymentGateway, PaymentNotice, PaymentReference } from '@passes/payments';
import type { PaymentRecord, ReadModels } from '@passes/read-model';
import type { PassScope } from '../passes/pass-scope';
import type { Plans } from '../plans/plans';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { storePageOf, type Page, type PageRequest } from '../shared/pages';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';
import { atStripe } from './stripe-unavailable';
import type { Subscriptions } from './subscriptions';

export interface PaymentAccountView {
  accountId: string;
  chargesEnabled: boolean;
  topUpAmountsMinor: readonly number[];
}

export const PAYMENT_FEE = { percent: PAYMENT_FEE_PERCENT, fixedMinor: PAYMENT_FEE_FIXED_MINOR, currency: PAYMENT_CURRENCY };

/** Where Stripe sends the customer after Checkout, and the business after onboarding. */
export interface ReturnUrls {
  success: string;
  cancel: string;
}

export interface TopUpOffer {
  amountsMinor: readonly number[];
  checkoutOrigin: string;
}

export interface StartedPayment {
  payment: PaymentRecord;
  checkoutUrl: string;
  expiresAt: Date;
}

/** The key of every pending payment in the payments read model's `pending` index. */
const PENDING_KEY = 'pending';
/** How many pending payments the reconciliation sweep holds at once. */
const RECONCILE_PAGE_SIZE = 100;

/** How Stripe's notices are acted on: who is named as having done it in the events. */
const STRIPE_ACTOR = 'stripe';

export class Payments {
  constructor(
    private readonly gateway: PaymentGateway | null,
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'payments'>,
    private readonly plans: Plans,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    /** `{app_url}`, where the dashboard is. */
    private readonly appUrl: () => string,
    /** Stripe's notices of subscriptions are theirs. */
    private readonly subscriptions: Subscriptions,
  ) {}

  /** Whether the service is configured to take payments at all (pages offer no top-up otherwise). */
  get available(): boolean {
    return this.gateway !== null;
  }

  /**
   * The top-ups a pass's pages offer its holder, in minor units, with where Checkout is: none without
   * Stripe keys, on Free, before the business's account takes charges, or for a pass that takes none.
   */
  async topUpOffer(pass: Pass): Promise<TopUpOffer | null> {
    if (this.gateway === null || pass.balanceMinor === null || (pass.status !== 'active' && pass.status !== 'checked_in')) return null;
    const [plan, account] = await Promise.all([this.plans.planOf(pass.businessId), this.accountOf(pass.businessId)]);
    if (!hasFeature(plan, 'online_payments') || account === null || !account.chargesEnabled) return null;
    return { amountsMinor: account.topUpAmountsMinor, checkoutOrigin: this.gateway.checkoutOrigin };
  }

  /** The business's Connect account, made on first use, and a fresh onboarding link for it. */
  async connect(businessId: string, context: CommandContext): Promise<{ accountId: string; onboardingUrl: string }> {
    const gateway = this.requireGateway();
    await this.plans.requireFeature(businessId, 'online_payments');
    let account = await this.accountOf(businessId);
    if (account === null) {
      const { accountId } = await atStripe(gateway.createAccount(businessId, `account-${businessId}`));
      account = await this.runAccount(businessId, context, { type: 'ConnectPaymentAccount', businessId, accountId, now: this.clock.now() });
    }
    // Stripe sends the owner back to the dashboard, done or not (a refresh asks for a new link there).
    const dashboard = `${this.appUrl()}/dashboard/`;
    const link = await atStripe(gateway.onboardingLink(account.accountId, { refreshUrl: dashboard, returnUrl: dashboard }, `account-link-${account.accountId}-${this.ids.newId()}`));
    return { accountId: account.accountId, onboardingUrl: link.url };
  }

  async account(businessId: string): Promise<PaymentAccountView> {
    this.requireGateway();
    await this.plans.requireFeature(businessId, 'online_payments');
    const account = await this.accountOf(businessId);
    if (account === null) throw new DomainError('not_found', 'The business has no payment account yet; create it first.');
    return { accountId: account.accountId, chargesEnabled: account.chargesEnabled, topUpAmountsMinor: account.topUpAmountsMinor };
  }

  /** The top-ups the business's passes' pages offer. */
  async chooseTopUpAmounts(businessId: string, amountsMinor: readonly number[], context: CommandContext): Promise<PaymentAccountView> {
    this.requireGateway();
    await this.plans.requireFeature(businessId, 'online_payments');
    const account = await this.runAccount(businessId, context, { type: 'ChooseTopUpAmounts', amountsMinor, now: this.clock.now() });
    return { accountId: account.accountId, chargesEnabled: account.chargesEnabled, topUpAmountsMinor: account.topUpAmountsMinor };
  }

  /**
   * Opens a Checkout Session for a top-up of the pass on the business's account and records it on the
   * pass. The session is made before it is recorded; made again with the same key, Stripe answers with
   * the same session, and a session never recorded is still credited once paid (its metadata names the pass).
   */
  async startTopUp(scope: PassScope, pass: Pass, amountMinor: number, urls: ReturnUrls, context: CommandContext): Promise<StartedPayment> {
    const gateway = this.requireGateway();
    await this.plans.requireFeature(scope.businessId, 'online_payments');
    assertCanTakePayment(pass, amountMinor);
    const account = await this.accountOf(scope.businessId);
    if (account === null || !account.chargesEnabled) {
      throw new DomainError('charges_disabled', "The business's payment account cannot take charges yet; finish its onboarding with Stripe.");
    }
    const paymentId = this.ids.newId();
    const session = await atStripe(gateway.createTopUpSession({
      accountId: account.accountId,
      reference: { paymentId, passId: pass.id, businessId: scope.businessId },
      amountMinor,
      feeMinor: paymentFeeMinor(amountMinor),
      currency: PAYMENT_CURRENCY,
      description: 'Top-up',
      successUrl: urls.success,
      cancelUrl: urls.cancel,
      idempotencyKey: `topup-${paymentId}`,
    }));
    await this.runPass(scope.businessId, pass.id, context, () => ({ type: 'StartPayment', paymentId, checkoutSessionId: session.sessionId, amountMinor, now: this.clock.now() }));
    return { payment: await this.get(scope, paymentId), checkoutUrl: session.url, expiresAt: session.expiresAt };
  }

  async get(scope: PassScope, paymentId: string): Promise<PaymentRecord> {
    const payment = await this.readModels.payments.get(paymentId);
    if (!payment || payment.businessId !== scope.businessId || payment.mode !== scope.mode) throw new DomainError('not_found', `Payment '${paymentId}' not found`);
    return payment;
  }

  /** The business's payments in the caller's mode, or one pass's (`passId`), newest first: the last started first. */
  async list(scope: PassScope, passId: string | null, request: PageRequest): Promise<Page<PaymentRecord>> {
    this.requireGateway();
    const business = `${scope.businessId}/${scope.mode}`;
    return passId === null
      ? storePageOf(this.readModels.payments, 'business_mode', business, request, 'newest-first')
      : storePageOf(this.readModels.payments, 'pass', `${business}/${passId}`, request, 'newest-first');
  }

  /** Refunds `amountMinor` (all that is left when null), then records it as Stripe's running total says. */
  async refund(scope: PassScope, paymentId: string, amountMinor: number | null, context: CommandContext): Promise<PaymentRecord> {
    const gateway = this.requireGateway();
    const record = await this.get(scope, paymentId);
    const pass = (await this.commands.load(passAggregate, streamNames.pass(record.passId))).state;
    const payment = pass?.payments[paymentId];
    if (!pass || !payment || payment.paymentIntentId === null) throw new DomainError('invalid_state', 'Only a paid payment can be refunded.');
    const left = refundableMinor(payment);
    const amount = amountMinor ?? left;
    if (left === 0) throw new DomainError('invalid_state', 'The payment is refunded in full already.');
    if (amount < 1 || amount > left) {
      throw new DomainError('validation_error', `amount must be at most ${left / 100}, what is left of the payment.`, { issues: [{ path: 'amount', message: `must be at most ${left / 100}` }] });
    }
    const account = await this.accountOf(scope.businessId);
    if (account === null) throw new DomainError('invalid_state', 'The business has no payment account.');
    const refundedTotalMinor = payment.refundedMinor + amount;
    // The same refund asked twice of the same state is one refund at Stripe.
    await atStripe(gateway.refund(account.accountId, payment.paymentIntentId, amount, `refund-${paymentId}-${refundedTotalMinor}`));
    await this.runPass(scope.businessId, pass.id, context, () => ({ type: 'RecordRefund', paymentId, refundedTotalMinor, now: this.clock.now() }));
    return this.get(scope, paymentId);
  }

  /** Verifies a notice from Stripe and reduces it; InvalidNoticeError when its signature is bad or old. */
  readNotice(body: Buffer, signature: string): Promise<PaymentNotice> {
    return this.requireGateway().readNotice(body, signature);
  }

  /**
   * Acts on a verified notice. Throws when the store cannot record it, so that Stripe sends it again. A
   * notice about a payment is acted on only when it happened on the business's own connected account and
   * names a pass of that business: another account's session, whatever its metadata says, credits nothing.
   */
  async onNotice(notice: PaymentNotice, correlationId: string): Promise<void> {
    const context: CommandContext = { actor: STRIPE_ACTOR, correlationId };
    const now = this.clock.now();
    switch (notice.type) {
      case 'session_completed': {
        const { reference } = notice;
        if (!notice.paid || !(await this.isTheirs(notice.accountId, reference))) return;
        await this.onPass(reference.businessId, reference.passId, context, {
          type: 'CompletePayment',
          paymentId: reference.paymentId,
          checkoutSessionId: notice.sessionId,
          paymentIntentId: notice.paymentIntentId,
          amountMinor: notice.amountMinor,
          now,
        });
        return;
      }
      case 'session_expired':
        if (!(await this.isTheirs(notice.accountId, notice.reference))) return;
        await this.onPass(notice.reference.businessId, notice.reference.passId, context, { type: 'ExpirePayment', paymentId: notice.reference.paymentId, now });
        return;
      case 'charge_refunded': {
        const reference = notice.reference;
        if (reference === null || !(await this.isTheirs(notice.accountId, reference))) return;
        await this.onPass(reference.businessId, reference.passId, context, { type: 'RecordRefund', paymentId: reference.paymentId, refundedTotalMinor: notice.refundedTotalMinor, now });
        return;
      }
      case 'account_updated': {
        if (notice.businessId === null) return;
        const account = await this.accountOf(notice.businessId);
        if (account === null || account.accountId !== notice.accountId) return;
        await this.runAccount(notice.businessId, context, { type: 'UpdatePaymentAccount', accountId: notice.accountId, chargesEnabled: notice.chargesEnabled, now });
        return;
      }
      // Pro is sold on the platform's own account: a subscription on a connected account is that business's own affair.
      case 'subscription_changed':
        if (notice.accountId === null) await this.subscriptions.onChanged(notice.subscription, correlationId);
        return;
      case 'renewal_failed':
        if (notice.accountId === null) await this.subscriptions.onRenewalFailed(notice.businessId, notice.subscriptionId, correlationId);
        return;
      case 'ignored':
        return;
      default: {
        const unexpected: never = notice;
        return unexpected;
      }
    }
  }

  /**
   * The reconciliation sweep: asks Stripe about every payment of the business still pending since before
   * `olderThan`, and records what it says as its notice would have. A notice lost on the way does not
   * leave a paid session uncredited.
   */
  async reconcile(olderThan: Date, correlationId: string, pageSize = RECONCILE_PAGE_SIZE): Promise<number> {
    const gateway = this.requireGateway();
    let settled = 0;
    let failure: unknown = null;
    // A page at a time, however many are pending. A payment settled leaves the key, which moves no later
    // page: the store's cursor is a place in the key's order, not a count. One a rebuild moved past the
    // cursor is asked about by the next sweep.
    let after: string | null = null;
    do {
      const page: { docs: PaymentRecord[]; next: string | null } = await this.readModels.payments.findPage('pending', PENDING_KEY, after, pageSize);
      for (const payment of page.docs) {
        if (new Date(payment.createdAt) > olderThan) continue;
        // A session Stripe cannot tell about now does not stop the others; the sweep is retried for it.
        try {
          if (await this.reconcileOne(gateway, payment, correlationId)) settled++;
        } catch (error) {
          failure = error;
        }
      }
      after = page.next;
    } while (after !== null);
    if (failure !== null) throw failure;
    return settled;
  }

  private async reconcileOne(gateway: PaymentGateway, payment: PaymentRecord, correlationId: string): Promise<boolean> {
    const account = await this.accountOf(payment.businessId);
    if (account === null) return false;
    const session = await gateway.retrieveSession(account.accountId, payment.checkoutSessionId);
    const reference = { paymentId: payment.id, passId: payment.passId, businessId: payment.businessId };
    if (session.status === 'complete' && session.paid) {
      const amountMinor = session.amountMinor ?? payment.amountMinor;
      await this.onNotice({ type: 'session_completed', accountId: account.accountId, sessionId: session.sessionId, paid: true, paymentIntentId: session.paymentIntentId, amountMinor, reference }, correlationId);
      return true;
    }
    if (session.status === 'expired') {
      await this.onNotice({ type: 'session_expired', accountId: account.accountId, sessionId: session.sessionId, reference }, correlationId);
      return true;
    }
    return false;
  }

  /** Whether a notice from `accountId` about `reference` is the business's own: its account, its pass. */
  private async isTheirs(accountId: string | null, reference: PaymentReference): Promise<boolean> {
    const account = await this.accountOf(reference.businessId);
    if (account === null || account.accountId !== accountId) return false;
    const pass = (await this.commands.load(passAggregate, streamNames.pass(reference.passId))).state;
    return pass !== null && pass.businessId === reference.businessId;
  }

  private async onPass(businessId: string, passId: string, context: CommandContext, command: Exclude<PassCommand, { type: 'IssuePass' }>): Promise<void> {
    const result = await this.commands.handle(passAggregate, { stream: streamNames.pass(passId), businessId, context }, () => command);
    if (result.state === null) throw new DomainError('not_found', `Pass '${passId}' not found`);
  }

  private async runPass(businessId: string, passId: string, context: CommandContext, command: () => PassCommand): Promise<void> {
    const result = await this.commands.handle(passAggregate, { stream: streamNames.pass(passId), businessId, context }, command);
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
  }

  private async runAccount(businessId: string, context: CommandContext, command: PaymentAccountCommand): Promise<PaymentAccount> {
    const result = await this.commands.handle(paymentAccountAggregate, { stream: streamNames.paymentAccount(businessId), businessId, context }, () => command);
    if (result.state === null) throw new DomainError('not_found', 'No payment account for the business.');
    return result.state;
  }

  private async accountOf(businessId: string): Promise<PaymentAccount | null> {
    return (await this.commands.load(paymentAccountAggregate, streamNames.paymentAccount(businessId))).state;
  }

  private requireGateway(): PaymentGateway {
    if (this.gateway === null) throw new DomainError('payments_unavailable', 'Online payments are not configured on this service.');
    return this.gateway;
  }
}

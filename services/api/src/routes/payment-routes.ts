/**
 * Online payments (PROGRAMME §5): the business's Connect account, its payments and their refunds, payment
 * links for a pass, the customer's own top-up, and Stripe's webhook. Stripe's webhook reads its body as
 * bytes, since the signature is over them: it is mounted apart from the JSON API.
 */
import { PAYMENT_FEE, type Application, type PaymentAccountView, type ReturnUrls, type SubscriptionView } from '@passes/application';
import { paymentLinkBody, publicTopUpBody, refundBody, topUpAmountsBody, type PaymentAccountResponse, type PaymentListResponse, type SubscriptionResponse } from '@passes/contracts';
import { minorUnitsToNumber, numberToMinorUnits, paymentFeeMinor, type Pass } from '@passes/domain';
import { InvalidNoticeError } from '@passes/payments';
import type { Wallets } from '@passes/wallets';
import express, { type Request, type Response } from 'express';
import { ApiError } from '../http/api-error';
import { commandContextOf, passScopeOf, requireDashboardUser } from '../http/authentication';
import { readBody } from '../http/body-read-refusal';
import { sandboxKeysReadOnly } from '../http/sandbox-access';
import { correlationIdOf } from '../http/correlation-id';
import { parseBody, takeNoBody } from '../http/parse-body';
import { optionalParameter, pageRequest } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { paymentRepresentation } from '../representations/payment-representation';

export const STRIPE_EVENTS_PATH = '/api/v1/payments/stripe/events';

/** Stripe's notices are a few KiB; its largest objects stay well inside this. */
const STRIPE_NOTICE_LIMIT_BYTES = 1_048_576;

/** Amounts were checked by the body's schema: two decimals at most, within range. */
const minorOf = (amount: number): number => numberToMinorUnits(amount) ?? Number.NaN;

/**
 * Back to the pass's own page after Checkout, which follows the session (Stripe puts its id in place of
 * `{CHECKOUT_SESSION_ID}`) until Stripe's notice has credited it (pages/top-up-return.ts).
 */
export function returnUrlsOf(wallets: Wallets, pass: Pass): ReturnUrls {
  const page = wallets.links(pass).downloadUrl;
  return { success: `${page}?topup=paid&session={CHECKOUT_SESSION_ID}`, cancel: `${page}?topup=cancelled` };
}

/** Under `/businesses/:business_id/payments`. */
export function addPaymentRoutes(routes: RouteGroup, application: Application): void {
  const payments = application.payments;
  // The account and the live page's top-up amounts are the business's, for live passes too.
  const liveSettings = sandboxKeysReadOnly('the payments account settings');

  routes.post('/account', liveSettings, async (request, response) => {
    takeNoBody(request);
    const { accountId, onboardingUrl } = await payments.connect(passScopeOf(response).businessId, commandContextOf(response));
    response.json({ account_id: accountId, onboarding_url: onboardingUrl });
  });

  const accountRepresentation = (account: PaymentAccountView): PaymentAccountResponse => ({
    account_id: account.accountId,
    charges_enabled: account.chargesEnabled,
    fee: { percent: PAYMENT_FEE.percent, fixed: minorUnitsToNumber(PAYMENT_FEE.fixedMinor), currency: PAYMENT_FEE.currency },
    top_up_amounts: account.topUpAmountsMinor.map(minorUnitsToNumber),
  });

  routes.get('/account', async (_request, response) => {
    response.json(accountRepresentation(await payments.account(passScopeOf(response).businessId)));
  });

  routes.patch('/account', liveSettings, async (request, response) => {
    const body = parseBody(topUpAmountsBody, request);
    const account = await payments.chooseTopUpAmounts(passScopeOf(response).businessId, body.top_up_amounts.map(minorOf), commandContextOf(response));
    response.json(accountRepresentation(account));
  });

  routes.get('/', async (request, response) => {
    const page = await payments.list(passScopeOf(response), optionalParameter(request, 'pass_id'), pageRequest(request));
    response.json({ data: page.items.map(paymentRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies PaymentListResponse);
  });

  routes.post('/:payment_id/refund', async (request, response) => {
    const body = parseBody(refundBody, request);
    const amount = body.amount === undefined ? null : minorOf(body.amount);
    const payment = await payments.refund(passScopeOf(response), String(request.params['payment_id']), amount, commandContextOf(response));
    response.json(paymentRepresentation(payment));
  });
}

/** Under `/businesses/:business_id/subscription`: Pro by subscription, for the owner's dashboard login. */
export function addSubscriptionRoutes(group: RouteGroup, application: Application): void {
  const routes = group.within('', requireDashboardUser);
  const subscriptions = application.subscriptions;
  const representation = (view: SubscriptionView): SubscriptionResponse => ({
    plan: view.plan,
    status: view.status,
    current_period_end: view.currentPeriodEnd,
    cancel_at_period_end: view.cancelAtPeriodEnd,
  });

  routes.post('/', async (request, response) => {
    takeNoBody(request);
    const { checkoutUrl } = await subscriptions.checkout(passScopeOf(response).businessId);
    response.json({ checkout_url: checkoutUrl });
  });

  routes.get('/', async (_request, response) => {
    response.json(representation(await subscriptions.view(passScopeOf(response).businessId)));
  });

  routes.delete('/', async (_request, response) => {
    response.json(representation(await subscriptions.cancel(passScopeOf(response).businessId, commandContextOf(response))));
  });
}

/** Under `/businesses/:business_id/passes`: a payment link for a pass, before the pass's own routes. */
export function addPaymentLinkRoutes(routes: RouteGroup, application: Application, wallets: Wallets): void {
  routes.post('/:identifier/payment-links', async (request, response) => {
    const body = parseBody(paymentLinkBody, request);
    const scope = passScopeOf(response);
    const pass = await application.passes.get(scope, String(request.params['identifier']));
    const amountMinor = minorOf(body.amount);
    const started = await application.payments.startTopUp(scope, pass, amountMinor, returnUrlsOf(wallets, pass), commandContextOf(response));
    response.status(201).json({
      id: started.payment.id,
      url: started.checkoutUrl,
      amount: body.amount,
      fee: minorUnitsToNumber(paymentFeeMinor(amountMinor)),
      expires_at: started.expiresAt.toISOString(),
    });
  });
}

/** Under `/public/passes`: a customer tops up their own pass, with their link token or the pass's download secret. */
export function addPublicTopUpRoutes(routes: RouteGroup, application: Application, wallets: Wallets): void {
  const passOf = async (serialNumber: string, token: string): Promise<Pass> => {
    const byLink = await wallets.byDownloadLink(serialNumber, token);
    if (byLink !== null) return byLink;
    const customer = await application.customerPasses.forToken(token);
    const held = customer.status === 'valid' ? customer.passes.find(({ pass }) => pass.serialNumber === serialNumber) : undefined;
    if (held === undefined) throw new ApiError('not_found', 'No such pass for this token');
    return held.pass;
  };

  routes.post('/:serial_number/topups', async (request, response) => {
    const body = parseBody(publicTopUpBody, request);
    const pass = await passOf(String(request.params['serial_number']), body.token);
    const context = { actor: 'customer', correlationId: correlationIdOf(response) };
    const scope = { businessId: pass.businessId, mode: pass.mode };
    const started = await application.payments.startTopUp(scope, pass, minorOf(body.amount), returnUrlsOf(wallets, pass), context);
    response.json({ checkout_url: started.checkoutUrl });
  });
}

/**
 * Stripe's webhook: a notice whose signature is bad or too old is 400 and records nothing; one the store
 * cannot record now is a 5xx from the error handler, and Stripe sends it again later.
 */
export function stripeEventRoute(application: Application): express.Router {
  const router = express.Router();
  router.post(STRIPE_EVENTS_PATH, readBody(express.raw({ type: () => true, limit: STRIPE_NOTICE_LIMIT_BYTES }), STRIPE_NOTICE_LIMIT_BYTES), async (request: Request, response: Response) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let notice;
    try {
      notice = await application.payments.readNotice(body, request.get('stripe-signature') ?? '');
    } catch (error) {
      if (error instanceof InvalidNoticeError) throw new ApiError('bad_request', `Stripe event refused: ${error.message}`);
      throw error;
    }
    await application.payments.onNotice(notice, correlationIdOf(response));
    response.json({ received: true });
  });
  return router;
}

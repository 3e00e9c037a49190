/**
 * The `payments` section (PROGRAMME §5): online top-ups end to end on the embedded profile against Stripe's
 * stripe-mock on loopback: payment links made one after another, Stripe's notices that credit them, and the
 * same notices again, which must credit nothing (the balance is checked to be exactly the links' sum).
 */
import { timeSequentially } from '../audit/sequential-timing';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { requestJson, stringAt } from '../json-request';
import type { Resources } from '../resources';
import type { SectionOutcome } from '../section';
import { upgradeToPro } from '../upgrade-to-pro';
import type { PaymentsFigures } from './payments-figures';
import { paymentsLines } from './payments-report';
import { signedStripeEvent } from './stripe-signature';
import { startStripeMock } from './stripe-mock-server';

const REQUESTS = 200;
const WEBHOOK_SECRET = 'whsec_bench';
const AMOUNT = 10;

export async function runPaymentsSection(resources: Resources): Promise<SectionOutcome<PaymentsFigures>> {
  const stripeUrl = startStripeMock(resources);
  const service = await startEmbeddedService(resources, 'payments service', {
    PASSES_STRIPE_SECRET_KEY: 'sk_test_123',
    PASSES_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PASSES_STRIPE_API_URL: stripeUrl,
  });
  const fixture = await createFixture(service.url);
  await upgradeToPro(service.url, service.storesEnv, fixture);
  const business = `${service.url}/businesses/${fixture.businessId}`;
  const account = stringAt(await requestJson('POST', `${business}/payments/account`, undefined, fixture.token, 200), 'account_id');

  const notify = async (type: string, object: Record<string, unknown>) => {
    const { body, signature } = signedStripeEvent(type, object, WEBHOOK_SECRET, account);
    const answer = await fetch(`${service.url}/payments/stripe/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
    if (answer.status !== 200) throw new Error(`the Stripe notice ${type} answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  };
  await notify('account.updated', { id: account, object: 'account', charges_enabled: true, metadata: { business_id: fixture.businessId } });
  const passId = stringAt(await requestJson('POST', `${business}/passes`, { template_id: fixture.templateId, initial_balance: 0 }, fixture.token, 201), 'id');

  process.stderr.write(`payments: timing ${REQUESTS} payment links, their notices, and the notices again…\n`);
  const paymentIds: string[] = [];
  const links = await timeSequentially(REQUESTS, async () => {
    paymentIds.push(stringAt(await requestJson('POST', `${business}/passes/${passId}/payment-links`, { amount: AMOUNT }, fixture.token, 201), 'id'));
  });
  const completed = (paymentId: string) => ({
    id: `cs_bench_${paymentId}`,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: `pi_bench_${paymentId}`,
    amount_total: AMOUNT * 100,
    expires_at: Math.floor(Date.now() / 1000) + 86_400,
    metadata: { payment_id: paymentId, pass_id: passId, business_id: fixture.businessId },
  });
  const sendEach = () => {
    let next = 0;
    return async () => notify('checkout.session.completed', completed(paymentIds[next++ % paymentIds.length] ?? ''));
  };
  const credits = await timeSequentially(paymentIds.length - 1, sendEach());
  const repeats = await timeSequentially(paymentIds.length - 1, sendEach());

  const balance = (await requestJson('GET', `${business}/passes/${passId}`, undefined, fixture.token, 200)) as { balance: number };
  const expected = paymentIds.length * AMOUNT;
  if (balance.balance !== expected) throw new Error(`the pass holds ${balance.balance} after the notices, not ${expected}: a session was credited twice or not at all`);
  const figures: PaymentsFigures = { links, credits, repeats };
  return { figures, lines: paymentsLines(figures), warnings: [] };
}

/** The payment port of every profile: Stripe where its keys are configured, none otherwise. */
import type { Clock } from '@passes/application';
import { StripeGateway, type PaymentGateway } from '@passes/payments';
import type { Config } from '../config/config';

export function paymentGatewayOf(config: Config, clock: Clock): PaymentGateway | null {
  const stripe = config.stripe;
  if (stripe === null) return null;
  return new StripeGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.apiUrl, now: () => clock.now() });
}

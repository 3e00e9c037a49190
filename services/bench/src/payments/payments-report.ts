/** The payments section as a person reads it: each request's median and p99. */
import { heading } from '../section';
import type { SequentialTiming } from '../audit/sequential-timing';
import type { PaymentsFigures } from './payments-figures';

const timing = (name: string, { requests, medianMs, p99Ms }: SequentialTiming) =>
  `${name.padEnd(52)}median ${medianMs.toFixed(1).padStart(6)} ms   p99 ${p99Ms.toFixed(1).padStart(6)} ms   (${requests} requests, one at a time)`;

export function paymentsLines(figures: PaymentsFigures): string[] {
  return [
    '',
    heading('payments · embedded profile · stripe-mock on loopback'),
    timing('POST …/payment-links (a Checkout Session at Stripe)', figures.links),
    timing('Stripe checkout.session.completed, crediting', figures.credits),
    timing('the same notice again, crediting nothing', figures.repeats),
  ];
}

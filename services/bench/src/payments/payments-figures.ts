/** What the payments section measured. */
import type { SequentialTiming } from '../audit/sequential-timing';

export interface PaymentsFigures {
  /** `POST …/passes/{id}/payment-links`: the Checkout Session made at stripe-mock, then recorded on the pass. */
  links: SequentialTiming;
  /** Stripe's `checkout.session.completed`, each crediting a pass: verify, decide, append, project. */
  credits: SequentialTiming;
  /** The same notices again: verified and decided, nothing appended. */
  repeats: SequentialTiming;
}

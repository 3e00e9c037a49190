/** Stripe that cannot answer now is `503 payments_unavailable` to the caller, who may try again. */
import { DomainError } from '@passes/domain';
import { PaymentProviderUnavailableError } from '@passes/payments';

export async function atStripe<Result>(call: Promise<Result>): Promise<Result> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) throw new DomainError('payments_unavailable', 'Stripe cannot be reached right now; try again shortly.');
    throw error;
  }
}

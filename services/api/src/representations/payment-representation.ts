/** A payment as the API shows it (PROGRAMME §5): amounts in major units, the fee kept and what the business nets. */
import type { PaymentResponse } from '@passes/contracts';
import { paymentFigures } from '@passes/domain';
import type { PaymentRecord } from '@passes/read-model';

export function paymentRepresentation(payment: PaymentRecord): PaymentResponse {
  return {
    id: payment.id,
    pass_id: payment.passId,
    ...paymentFigures(payment),
    currency: payment.currency,
    status: payment.status,
    created_at: payment.createdAt,
    paid_at: payment.paidAt,
  };
}

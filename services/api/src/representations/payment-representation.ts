/** A payment as the API shows it (PROGRAMME §5): amounts in major units, the fee kept and what the business nets. */
import type { PaymentResponse } from '@passes/contracts';
import { minorUnitsToNumber } from '@passes/domain';
import type { PaymentRecord } from '@passes/read-model';

export function paymentRepresentation(payment: PaymentRecord): PaymentResponse {
  const feeMinor = payment.feeMinor - payment.feeRefundedMinor;
  return {
    id: payment.id,
    pass_id: payment.passId,
    amount: minorUnitsToNumber(payment.amountMinor),
    fee: minorUnitsToNumber(feeMinor),
    net: minorUnitsToNumber(payment.amountMinor - payment.refundedMinor - feeMinor),
    currency: payment.currency,
    status: payment.status,
    refunded_amount: minorUnitsToNumber(payment.refundedMinor),
    created_at: payment.createdAt,
    paid_at: payment.paidAt,
  };
}

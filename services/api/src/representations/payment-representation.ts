/** A payment as the API shows it (PROGRAMME §5): amounts in major units, the fee kept and what the business nets. */
import type { PaymentResponse } from '@passes/contracts';
import { feeKeptMinor, minorUnitsToNumber, netMinor } from '@passes/domain';
import type { PaymentRecord } from '@passes/read-model';

export function paymentRepresentation(payment: PaymentRecord): PaymentResponse {
  return {
    id: payment.id,
    pass_id: payment.passId,
    amount: minorUnitsToNumber(payment.amountMinor),
    fee: minorUnitsToNumber(feeKeptMinor(payment)),
    net: minorUnitsToNumber(netMinor(payment)),
    currency: payment.currency,
    status: payment.status,
    refunded_amount: minorUnitsToNumber(payment.refundedMinor),
    created_at: payment.createdAt,
    paid_at: payment.paidAt,
  };
}

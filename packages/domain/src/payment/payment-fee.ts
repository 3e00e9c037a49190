/**
 * What an online payment may be and what the service keeps of it (PROGRAMME §5): top-ups of 1.00 to
 * 1000.00 GBP, and an application fee of 1 % (rounded half up to the penny) plus 20 pence, never more
 * than the payment itself.
 */
export const PAYMENT_CURRENCY = 'GBP';
export const MIN_PAYMENT_MINOR = 100;
export const MAX_PAYMENT_MINOR = 100_000;
export const PAYMENT_FEE_PERCENT = 1;
export const PAYMENT_FEE_FIXED_MINOR = 20;

export function paymentFeeMinor(amountMinor: number): number {
  const percent = Math.floor((amountMinor * PAYMENT_FEE_PERCENT + 50) / 100);
  return Math.min(percent + PAYMENT_FEE_FIXED_MINOR, amountMinor);
}

/**
 * The part of the fee a refund gives back: the fee in proportion to what has been refunded in all,
 * rounded half up, less what earlier refunds gave back already.
 */
export function feeRefundMinor(payment: { amountMinor: number; feeMinor: number; feeRefundedMinor: number }, refundedTotalMinor: number): number {
  const owed = Math.floor((payment.feeMinor * refundedTotalMinor * 2 + payment.amountMinor) / (payment.amountMinor * 2));
  return Math.max(owed - payment.feeRefundedMinor, 0);
}

import { describe, expect, test } from '@jest/globals';
import { feeRefundMinor, paymentFeeMinor } from './payment-fee';

describe('the application fee of an online payment', () => {
  test.each([
    [100, 21],
    [1000, 30],
    [1234, 32],
    [100_000, 1020],
    [150, 22],
    [149, 21],
  ])('on %i pence is %i pence (1 %% rounded half up, plus 20 p)', (amount, fee) => {
    expect(paymentFeeMinor(amount)).toBe(fee);
  });

  test('is never more than the payment', () => {
    expect(paymentFeeMinor(15)).toBe(15);
  });
});

describe('the fee a refund returns', () => {
  const payment = { amountMinor: 1000, feeMinor: 30, feeRefundedMinor: 0 };

  test('a full refund returns the whole fee', () => {
    expect(feeRefundMinor(payment, 1000)).toBe(30);
  });

  test('a partial refund returns the fee in proportion, rounded half up', () => {
    expect(feeRefundMinor(payment, 250)).toBe(8);
  });

  test('a later refund returns only what the earlier ones did not', () => {
    expect(feeRefundMinor({ ...payment, feeRefundedMinor: 8 }, 1000)).toBe(22);
  });
});

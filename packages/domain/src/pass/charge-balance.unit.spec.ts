import { describe, expect, test } from '@jest/globals';
import { MAX_MINOR_UNITS } from '../shared/money';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';

const spec = deciderSpec(passDecider);
const charged = (amount_minor: number, balance_minor: number): PassEvent => ({
  type: 'BalanceCharged',
  data: { amount_minor, balance_minor, occurred_at: OCCURRED_AT },
});

// The fixture pass was issued with a balance of 5000 minor units.
describe('charging the balance', () => {
  test('takes the amount from the balance', () => {
    spec.given(HISTORIES.issued).when({ type: 'ChargeBalance', amountMinor: 1250, now: NOW }).then([charged(1250, 3750)]);
  });

  test('charging exactly the whole balance is allowed', () => {
    spec.given(HISTORIES.issued).when({ type: 'ChargeBalance', amountMinor: 5000, now: NOW }).then([charged(5000, 0)]);
  });

  test('a checked-in pass may be charged too', () => {
    spec.given(HISTORIES['checked in']).when({ type: 'ChargeBalance', amountMinor: 1, now: NOW }).then([charged(1, 4999)]);
  });

  test('charging more than the balance is insufficient_funds', () => {
    const error = spec.given(HISTORIES.issued).when({ type: 'ChargeBalance', amountMinor: 5001, now: NOW }).thenThrows('insufficient_funds');
    expect(error.details).toEqual({ balance_minor: 5000, amount_minor: 5001 });
  });

  test('the insufficient_funds message shows both amounts as the caller writes them', () => {
    const error = spec.given(HISTORIES.issued).when({ type: 'ChargeBalance', amountMinor: 5001, now: NOW }).thenThrows('insufficient_funds');
    expect(error.message).toBe('The pass has a balance of 50.00; cannot charge 50.01.');
  });

  test('charging a pass that has no balance is insufficient_funds', () => {
    const error = spec
      .given([passIssued({ balance_minor: null })])
      .when({ type: 'ChargeBalance', amountMinor: 1, now: NOW })
      .thenThrows('insufficient_funds');
    expect(error.details).toEqual({ balance_minor: null, amount_minor: 1 });
  });

  test('an amount of zero is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'ChargeBalance', amountMinor: 0, now: NOW }).thenThrows('validation_error');
  });

  test('an amount in fractions of a minor unit is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'ChargeBalance', amountMinor: 0.5, now: NOW }).thenThrows('validation_error');
  });

  test('an amount above the maximum is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'ChargeBalance', amountMinor: MAX_MINOR_UNITS + 1, now: NOW }).thenThrows('validation_error');
  });
});

import { describe, expect, test } from '@jest/globals';
import { MAX_MINOR_UNITS } from '../shared/money';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';

const spec = deciderSpec(passDecider);
const toppedUp = (amount_minor: number, balance_minor: number): PassEvent => ({
  type: 'BalanceToppedUp',
  data: { amount_minor, balance_minor, occurred_at: OCCURRED_AT },
});

// The fixture pass was issued with a balance of 5000 minor units.
describe('topping up the balance', () => {
  test('adds the amount to the balance', () => {
    spec.given(HISTORIES.issued).when({ type: 'TopUpBalance', amountMinor: 2500, now: NOW }).then([toppedUp(2500, 7500)]);
  });

  test('a pass without a balance starts from zero', () => {
    spec.given([passIssued({ balance_minor: null })]).when({ type: 'TopUpBalance', amountMinor: 999, now: NOW }).then([toppedUp(999, 999)]);
  });

  test('a checked-in pass may be topped up too', () => {
    spec.given(HISTORIES['checked in']).when({ type: 'TopUpBalance', amountMinor: 1, now: NOW }).then([toppedUp(1, 5001)]);
  });

  test('topping up to exactly the maximum balance is allowed', () => {
    spec
      .given(HISTORIES.issued)
      .when({ type: 'TopUpBalance', amountMinor: MAX_MINOR_UNITS - 5000, now: NOW })
      .then([toppedUp(MAX_MINOR_UNITS - 5000, MAX_MINOR_UNITS)]);
  });

  test('a top-up that would take the balance above the maximum is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'TopUpBalance', amountMinor: MAX_MINOR_UNITS - 4999, now: NOW }).thenThrows('validation_error');
  });

  test('the refusal of a top-up beyond the maximum says why, as the caller writes amounts', () => {
    const error = spec.given(HISTORIES.issued).when({ type: 'TopUpBalance', amountMinor: MAX_MINOR_UNITS - 4999, now: NOW }).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'amount_minor', message: 'would take the balance of 50.00 above the maximum of 100000000.00' }] });
  });

  test('an amount of zero is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'TopUpBalance', amountMinor: 0, now: NOW }).thenThrows('validation_error');
  });

  test('a negative amount is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'TopUpBalance', amountMinor: -100, now: NOW }).thenThrows('validation_error');
  });

  test('an amount in fractions of a minor unit is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'TopUpBalance', amountMinor: 0.5, now: NOW }).thenThrows('validation_error');
  });
});

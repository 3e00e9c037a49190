import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, NOW, OCCURRED_AT, passIssued, passVoided } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';

const spec = deciderSpec(passDecider);
const PAYMENT = 'pay-1';
const SESSION = 'cs_test_1';

const started = (amount_minor = 1000, fee_minor = 30): PassEvent => ({
  type: 'PaymentStarted',
  data: { payment_id: PAYMENT, mode: 'live', checkout_session_id: SESSION, amount_minor, fee_minor, currency: 'GBP', occurred_at: OCCURRED_AT },
});
const succeeded = (amount_minor = 1000, fee_minor = 30): PassEvent => ({
  type: 'PaymentSucceeded',
  data: { payment_id: PAYMENT, mode: 'live', checkout_session_id: SESSION, payment_intent_id: 'pi_1', amount_minor, fee_minor, currency: 'GBP', occurred_at: OCCURRED_AT },
});
const toppedUp = (amount_minor: number, balance_minor: number): PassEvent => ({ type: 'BalanceToppedUp', data: { amount_minor, balance_minor, occurred_at: OCCURRED_AT } });
const complete = { type: 'CompletePayment', paymentId: PAYMENT, checkoutSessionId: SESSION, paymentIntentId: 'pi_1', amountMinor: 1000, now: NOW } as const;
const refundTotal = (refundedTotalMinor: number) => ({ type: 'RecordRefund', paymentId: PAYMENT, refundedTotalMinor, now: NOW }) as const;

// The fixture pass was issued with a balance of 5000 minor units.
describe('starting an online payment', () => {
  const start = { type: 'StartPayment', paymentId: PAYMENT, checkoutSessionId: SESSION, amountMinor: 1000, now: NOW } as const;

  test('records the session with its fee', () => {
    spec.given(HISTORIES.issued).when(start).then([started(1000, 30)]);
  });

  test('of 1000.00 records a fee of 10.20', () => {
    spec.given(HISTORIES.issued).when({ ...start, amountMinor: 100_000 }).then([started(100_000, 1020)]);
  });

  test('below 1.00 or above 1000.00 is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ ...start, amountMinor: 99 }).thenThrows('validation_error');
    spec.given(HISTORIES.issued).when({ ...start, amountMinor: 100_001 }).thenThrows('validation_error');
  });

  test('on a pass without a balance is no_balance', () => {
    spec.given([passIssued({ balance_minor: null })]).when(start).thenThrows('no_balance');
  });

  test('on a voided pass is pass_voided', () => {
    spec.given([passIssued(), passVoided()]).when(start).thenThrows('pass_voided');
  });
});

describe('completing an online payment', () => {
  test('records the payment and the top-up together', () => {
    spec.given([...HISTORIES.issued, started()]).when(complete).then([toppedUp(1000, 6000), succeeded()]);
  });

  test('credits a session whose start was never recorded, with the fee of its amount', () => {
    spec.given(HISTORIES.issued).when(complete).then([toppedUp(1000, 6000), succeeded()]);
  });

  test('a second completion of the same session credits nothing', () => {
    spec.given([...HISTORIES.issued, started(), toppedUp(1000, 6000), succeeded()]).when(complete).then([]);
  });

  test('the same session under another payment id credits nothing either', () => {
    spec.given([...HISTORIES.issued, toppedUp(1000, 6000), succeeded()]).when({ ...complete, paymentId: 'pay-2' }).then([]);
  });

  test('a pass voided since the customer paid is credited all the same: the money was taken', () => {
    spec.given([passIssued(), started(), passVoided()]).when(complete).then([toppedUp(1000, 6000), succeeded()]);
  });
});

describe('an expired session', () => {
  test('marks a pending payment expired', () => {
    spec.given([...HISTORIES.issued, started()]).when({ type: 'ExpirePayment', paymentId: PAYMENT, now: NOW }).then([{ type: 'PaymentExpired', data: { payment_id: PAYMENT, occurred_at: OCCURRED_AT } }]);
  });

  test('arriving after the payment changes nothing', () => {
    spec.given([...HISTORIES.issued, started(), toppedUp(1000, 6000), succeeded()]).when({ type: 'ExpirePayment', paymentId: PAYMENT, now: NOW }).then([]);
  });
});

describe('refunds', () => {
  const paid = [...HISTORIES.issued, started(), toppedUp(1000, 6000), succeeded()];

  test('take the refund off the balance and return the fee in proportion', () => {
    spec.given(paid).when(refundTotal(250)).then([
      {
        type: 'PaymentRefunded',
        data: { payment_id: PAYMENT, amount_minor: 250, refunded_minor: 250, fee_refunded_minor: 8, debited_minor: 250, shortfall_minor: 0, balance_minor: 5750, occurred_at: OCCURRED_AT },
      },
    ]);
  });

  test('never take the balance below 0: what was spent is the shortfall', () => {
    const spent: PassEvent = { type: 'BalanceCharged', data: { amount_minor: 5800, balance_minor: 200, occurred_at: OCCURRED_AT } };
    spec.given([...paid, spent]).when(refundTotal(1000)).then([
      {
        type: 'PaymentRefunded',
        data: { payment_id: PAYMENT, amount_minor: 1000, refunded_minor: 1000, fee_refunded_minor: 30, debited_minor: 200, shortfall_minor: 800, balance_minor: 0, occurred_at: OCCURRED_AT },
      },
    ]);
  });

  test('a total already recorded (a repeated or late notice) records nothing', () => {
    const refunded = passDecider.decide(refundTotal(400), replay(passDecider, paid));
    spec.given([...paid, ...refunded]).when(refundTotal(400)).then([]);
    spec.given([...paid, ...refunded]).when(refundTotal(250)).then([]);
  });

  test('leave the payment partially refunded, then refunded', () => {
    const partly = [...paid, ...passDecider.decide(refundTotal(400), replay(passDecider, paid))];
    expect(replay(passDecider, partly)?.payments[PAYMENT]?.status).toBe('partially_refunded');
    const fully = [...partly, ...passDecider.decide(refundTotal(1000), replay(passDecider, partly))];
    const payment = replay(passDecider, fully)?.payments[PAYMENT];
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: 1000, feeRefundedMinor: 30 });
    expect(replay(passDecider, fully)?.balanceMinor).toBe(5000);
  });

  test('more than was paid is a validation_error', () => {
    spec.given(paid).when(refundTotal(1001)).thenThrows('validation_error');
  });

  test('of a payment not paid is invalid_state', () => {
    spec.given([...HISTORIES.issued, started()]).when(refundTotal(100)).thenThrows('invalid_state');
  });
});

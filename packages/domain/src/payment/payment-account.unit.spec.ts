import { describe, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import { NOW, OCCURRED_AT } from '../testing/pass-fixtures';
import { paymentAccountDecider, type PaymentAccountEvent } from './payment-account';

const spec = deciderSpec(paymentAccountDecider);
const connected: PaymentAccountEvent = { type: 'PaymentAccountConnected', data: { business_id: 'b-1', account_id: 'acct_1', occurred_at: OCCURRED_AT } };

describe("a business's payment account", () => {
  test('is connected once; connecting again changes nothing', () => {
    spec.given([]).when({ type: 'ConnectPaymentAccount', businessId: 'b-1', accountId: 'acct_1', now: NOW }).then([connected]);
    spec.given([connected]).when({ type: 'ConnectPaymentAccount', businessId: 'b-1', accountId: 'acct_2', now: NOW }).then([]);
  });

  test('takes charges once Stripe says so, and records each change once', () => {
    const enabled: PaymentAccountEvent = { type: 'PaymentAccountUpdated', data: { charges_enabled: true, occurred_at: OCCURRED_AT } };
    spec.given([connected]).when({ type: 'UpdatePaymentAccount', accountId: 'acct_1', chargesEnabled: true, now: NOW }).then([enabled]);
    spec.given([connected, enabled]).when({ type: 'UpdatePaymentAccount', accountId: 'acct_1', chargesEnabled: true, now: NOW }).then([]);
  });

  test('an update of another account is not_found', () => {
    spec.given([connected]).when({ type: 'UpdatePaymentAccount', accountId: 'acct_9', chargesEnabled: true, now: NOW }).thenThrows('not_found');
  });

  test('offers 5, 10 and 20 until the business chooses other top-ups, kept smallest first and once each', () => {
    const chosen: PaymentAccountEvent = { type: 'TopUpAmountsChosen', data: { amounts_minor: [500, 2500], occurred_at: OCCURRED_AT } };
    spec.given([connected]).when({ type: 'ChooseTopUpAmounts', amountsMinor: [2500, 500, 2500], now: NOW }).then([chosen]);
    spec.given([connected, chosen]).when({ type: 'ChooseTopUpAmounts', amountsMinor: [500, 2500], now: NOW }).then([]);
  });

  test('refuses top-ups out of range, none, or too many: validation_error', () => {
    spec.given([connected]).when({ type: 'ChooseTopUpAmounts', amountsMinor: [99], now: NOW }).thenThrows('validation_error');
    spec.given([connected]).when({ type: 'ChooseTopUpAmounts', amountsMinor: [], now: NOW }).thenThrows('validation_error');
    spec.given([connected]).when({ type: 'ChooseTopUpAmounts', amountsMinor: [100, 200, 300, 400, 500, 600, 700], now: NOW }).thenThrows('validation_error');
  });
});

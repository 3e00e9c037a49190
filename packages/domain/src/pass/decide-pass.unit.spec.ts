import { describe, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, NOW, OCCURRED_AT, VALID_COMMANDS } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';

const spec = deciderSpec(passDecider);

describe('deciding on a pass', () => {
  test.each(Object.values(VALID_COMMANDS))('$type on a pass that was never issued is not_found', (command) => {
    spec.given([]).when(command).thenThrows('not_found');
  });

  test('redeeming an active pass records PassRedeemed', () => {
    spec.given(HISTORIES.issued).when({ type: 'Redeem', now: NOW }).then([{ type: 'PassRedeemed', data: { occurred_at: OCCURRED_AT } }]);
  });

  test('redeeming a checked-in pass records PassRedeemed', () => {
    spec.given(HISTORIES['checked in']).when({ type: 'Redeem', now: NOW }).then([{ type: 'PassRedeemed', data: { occurred_at: OCCURRED_AT } }]);
  });

  test('voiding an active pass records PassVoided', () => {
    spec.given(HISTORIES.issued).when({ type: 'Void', now: NOW }).then([{ type: 'PassVoided', data: { occurred_at: OCCURRED_AT } }]);
  });

  test('voiding a redeemed pass records PassVoided', () => {
    spec.given(HISTORIES.redeemed).when({ type: 'Void', now: NOW }).then([{ type: 'PassVoided', data: { occurred_at: OCCURRED_AT } }]);
  });

  test('reactivating a voided pass records PassReactivated', () => {
    spec.given(HISTORIES.voided).when({ type: 'Reactivate', now: NOW }).then([{ type: 'PassReactivated', data: { occurred_at: OCCURRED_AT } }]);
  });

  test('a pass that does not exist is not_found before its arguments are judged', () => {
    spec.given([]).when({ type: 'AddStamps', count: 0, milestones: [], now: NOW }).thenThrows('not_found');
  });

  test('a move the status forbids is invalid_state before its arguments are judged', () => {
    spec.given(HISTORIES.voided).when({ type: 'AddStamps', count: 0, milestones: [], now: NOW }).thenThrows('invalid_state');
  });
});

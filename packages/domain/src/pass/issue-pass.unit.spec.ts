import { describe, expect, test } from '@jest/globals';
import { MAX_MINOR_UNITS } from '../shared/money';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, ISSUE_DATA, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import { MAX_POINTS } from './pass-limits';

const spec = deciderSpec(passDecider);
const issue = (overrides: Partial<typeof ISSUE_DATA> = {}) => ({ type: 'IssuePass' as const, data: { ...ISSUE_DATA, ...overrides }, now: NOW });

describe('issuing a pass', () => {
  test('records PassIssued with everything the caller gave', () => {
    spec.given([]).when(issue()).then([passIssued({ occurred_at: OCCURRED_AT })]);
  });

  test('a pass without a balance records balance_minor null', () => {
    spec.given([]).when(issue({ initialBalanceMinor: null })).then([passIssued({ balance_minor: null, occurred_at: OCCURRED_AT })]);
  });

  test('an initial balance of zero is accepted', () => {
    spec.given([]).when(issue({ initialBalanceMinor: 0 })).then([passIssued({ balance_minor: 0, occurred_at: OCCURRED_AT })]);
  });

  test('an initial balance of exactly the maximum is accepted', () => {
    spec
      .given([])
      .when(issue({ initialBalanceMinor: MAX_MINOR_UNITS }))
      .then([passIssued({ balance_minor: MAX_MINOR_UNITS, occurred_at: OCCURRED_AT })]);
  });

  test('issuing a pass that already exists is a conflict', () => {
    const error = spec.given(HISTORIES.issued).when(issue()).thenThrows('conflict');
    expect(error.details).toEqual({ pass_id: ISSUE_DATA.passId });
  });

  test('negative points are a validation_error', () => {
    const error = spec.given([]).when(issue({ points: -1 })).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'points', message: 'must be an integer from 0 to 1000000000' }] });
  });

  test('points above the most a pass may hold are a validation_error', () => {
    spec.given([]).when(issue({ points: MAX_POINTS + 1 })).thenThrows('validation_error');
  });

  test('fractional points are a validation_error', () => {
    spec.given([]).when(issue({ points: 1.5 })).thenThrows('validation_error');
  });

  test('a negative initial balance is a validation_error', () => {
    spec.given([]).when(issue({ initialBalanceMinor: -1 })).thenThrows('validation_error');
  });

  test('an initial balance above the maximum is a validation_error', () => {
    spec.given([]).when(issue({ initialBalanceMinor: MAX_MINOR_UNITS + 1 })).thenThrows('validation_error');
  });

  test('an initial balance in fractions of a minor unit is a validation_error', () => {
    spec.given([]).when(issue({ initialBalanceMinor: 10.5 })).thenThrows('validation_error');
  });
});

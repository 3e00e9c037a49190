import { describe, expect, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, ISSUED_AT, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';
import { MAX_STAMPS } from './pass-limits';

const spec = deciderSpec(passDecider);
const stamped = (count: number, stamps: number, occurred_at = OCCURRED_AT): PassEvent => ({ type: 'PassStamped', data: { count, stamps, occurred_at } });

describe('adding stamps', () => {
  test('records the count added and the new total', () => {
    spec.given(HISTORIES.issued).when({ type: 'AddStamps', count: 3, milestones: [], now: NOW }).then([stamped(3, 3)]);
  });

  test('counts on from the stamps already collected', () => {
    spec.given([passIssued(), stamped(4, 4, ISSUED_AT)]).when({ type: 'AddStamps', count: 2, milestones: [], now: NOW }).then([stamped(2, 6)]);
  });

  test('a checked-in pass takes stamps too', () => {
    spec.given(HISTORIES['checked in']).when({ type: 'AddStamps', count: 1, milestones: [], now: NOW }).then([stamped(1, 1)]);
  });

  test('up to 1000 stamps may be added at once', () => {
    spec.given(HISTORIES.issued).when({ type: 'AddStamps', count: 1000, milestones: [], now: NOW }).then([stamped(1000, 1000)]);
  });

  test('a count of zero is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'AddStamps', count: 0, milestones: [], now: NOW }).thenThrows('validation_error');
  });

  test('the validation_error names the field and its bounds', () => {
    const error = spec.given(HISTORIES.issued).when({ type: 'AddStamps', count: 0, milestones: [], now: NOW }).thenThrows('validation_error');
    expect(error.message).toBe('count must be an integer from 1 to 1000.');
    expect(error.details).toEqual({ issues: [{ path: 'count', message: 'must be an integer from 1 to 1000' }] });
  });

  test('a negative count is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'AddStamps', count: -1, milestones: [], now: NOW }).thenThrows('validation_error');
  });

  test('more than 1000 stamps at once is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'AddStamps', count: 1001, milestones: [], now: NOW }).thenThrows('validation_error');
  });

  test('a fractional count is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'AddStamps', count: 1.5, milestones: [], now: NOW }).thenThrows('validation_error');
  });

  test('stamps that would exceed the most a pass may hold are a validation_error', () => {
    spec.given([passIssued(), stamped(1, MAX_STAMPS, ISSUED_AT)]).when({ type: 'AddStamps', count: 1, milestones: [], now: NOW }).thenThrows('validation_error');
  });
});

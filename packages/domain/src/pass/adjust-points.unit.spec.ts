import { describe, expect, test } from '@jest/globals';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, NOW, OCCURRED_AT, passIssued } from '../testing/pass-fixtures';
import { passDecider } from './pass-decider';
import type { PassEvent } from './pass-events';
import { MAX_POINTS } from './pass-limits';

const spec = deciderSpec(passDecider);
const adjusted = (delta: number, points: number): PassEvent => ({ type: 'PointsAdjusted', data: { delta, points, occurred_at: OCCURRED_AT } });

// The fixture pass was issued with 100 points.
describe('adjusting points', () => {
  test('earning adds to the points', () => {
    spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: 25, milestones: [], now: NOW }).then([adjusted(25, 125)]);
  });

  test('spending takes from the points', () => {
    spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: -40, milestones: [], now: NOW }).then([adjusted(-40, 60)]);
  });

  test('spending every point, down to exactly zero, is allowed', () => {
    spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: -100, milestones: [], now: NOW }).then([adjusted(-100, 0)]);
  });

  test('spending more points than the pass has is insufficient_points', () => {
    const error = spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: -101, milestones: [], now: NOW }).thenThrows('insufficient_points');
    expect(error.details).toEqual({ points: 100, requested: -101 });
  });

  test('a checked-in pass earns points too', () => {
    spec.given(HISTORIES['checked in']).when({ type: 'AdjustPoints', delta: 5, milestones: [], now: NOW }).then([adjusted(5, 105)]);
  });

  test('a delta of zero is a validation_error', () => {
    const error = spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: 0, milestones: [], now: NOW }).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'delta', message: 'must not be zero' }] });
  });

  test('earning up to exactly the most a pass may hold is allowed', () => {
    spec.given([passIssued({ points: MAX_POINTS - 10 })]).when({ type: 'AdjustPoints', delta: 10, milestones: [], now: NOW }).then([adjusted(10, MAX_POINTS)]);
  });

  test('earning beyond the most a pass may hold is a validation_error naming the bound', () => {
    const error = spec.given([passIssued({ points: MAX_POINTS })]).when({ type: 'AdjustPoints', delta: 1_000_000, milestones: [], now: NOW }).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'points', message: 'would take the points of 1000000000 above the maximum of 1000000000' }] });
  });

  test('a fractional delta is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: 2.5, milestones: [], now: NOW }).thenThrows('validation_error');
  });

  test('earning a million points at once is accepted', () => {
    spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: 1_000_000, milestones: [], now: NOW }).then([adjusted(1_000_000, 1_000_100)]);
  });

  test('spending a million points at once is accepted', () => {
    spec.given([passIssued({ points: 1_000_000 })]).when({ type: 'AdjustPoints', delta: -1_000_000, milestones: [], now: NOW }).then([adjusted(-1_000_000, 0)]);
  });

  test('a delta beyond a million points is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: 1_000_001, milestones: [], now: NOW }).thenThrows('validation_error');
  });

  test('a negative delta beyond a million points is a validation_error', () => {
    spec.given(HISTORIES.issued).when({ type: 'AdjustPoints', delta: -1_000_001, milestones: [], now: NOW }).thenThrows('validation_error');
  });
});

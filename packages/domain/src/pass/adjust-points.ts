/** Earning (positive delta) and spending (negative delta) loyalty points. */
import { DomainError } from '../shared/domain-error';
import { invalidField } from '../shared/invalid-field';
import { requireInteger } from '../shared/require-integer';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import { MAX_POINTS, MAX_POINTS_DELTA } from './pass-limits';
import type { Pass } from './pass-state';

export function adjustPoints({ delta, now }: PassCommandOf<'AdjustPoints'>, pass: Pass): PassEvent[] {
  requireInteger('delta', delta, { min: -MAX_POINTS_DELTA, max: MAX_POINTS_DELTA });
  if (delta === 0) throw invalidField('delta', 'must not be zero');
  const points = pass.points + delta;
  if (points < 0) {
    throw new DomainError('insufficient_points', `The pass has ${pass.points} points; cannot spend ${-delta}.`, {
      points: pass.points,
      requested: delta,
    });
  }
  if (points > MAX_POINTS) throw invalidField('points', `would take the points of ${pass.points} above the maximum of ${MAX_POINTS}`);
  return [{ type: 'PointsAdjusted', data: { delta, points, occurred_at: now.toISOString() } }];
}

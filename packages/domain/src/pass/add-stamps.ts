import { requireInteger } from '../shared/require-integer';
import type { PassCommandOf } from './pass-commands';
import type { PassEvent } from './pass-events';
import { MAX_STAMPS, MAX_STAMPS_PER_ADD } from './pass-limits';
import type { Pass } from './pass-state';

export function addStamps({ count, now }: PassCommandOf<'AddStamps'>, pass: Pass): PassEvent[] {
  requireInteger('count', count, { min: 1, max: MAX_STAMPS_PER_ADD });
  const stamps = pass.stamps + count;
  // The same ceiling an update may set, so no sequence of commands produces a pass an update could not.
  requireInteger('stamps', stamps, { min: 0, max: MAX_STAMPS });
  return [{ type: 'PassStamped', data: { count, stamps, occurred_at: now.toISOString() } }];
}

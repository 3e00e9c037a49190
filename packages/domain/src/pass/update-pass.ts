import { MAX_MINOR_UNITS } from '../shared/money';
import { requireInteger } from '../shared/require-integer';
import type { PassCommandOf, PassUpdate } from './pass-commands';
import { changesTo } from './pass-changes';
import type { PassEvent } from './pass-events';
import { MAX_POINTS, MAX_STAMPS } from './pass-limits';
import type { Pass } from './pass-state';

export function updatePass({ update, now }: PassCommandOf<'UpdatePass'>, pass: Pass): PassEvent[] {
  assertValidUpdate(update);
  const changes = changesTo(pass, update);
  // An update that changes nothing is no fact: recording it would send pass.updated webhooks for nothing.
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'PassUpdated', data: { changes, occurred_at: now.toISOString() } }];
}

function assertValidUpdate({ points, stamps, balanceMinor }: PassUpdate): void {
  if (points !== undefined) requireInteger('points', points, { min: 0, max: MAX_POINTS });
  if (stamps !== undefined) requireInteger('stamps', stamps, { min: 0, max: MAX_STAMPS });
  if (balanceMinor !== undefined && balanceMinor !== null) {
    requireInteger('balance_minor', balanceMinor, { min: 0, max: MAX_MINOR_UNITS });
  }
}

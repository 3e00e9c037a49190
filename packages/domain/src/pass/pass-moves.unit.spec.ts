import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { HISTORIES, STATUS_AFTER, VALID_COMMANDS, type HistoryName } from '../testing/pass-fixtures';
import type { PassEventType } from './pass-events';
import { passDecider } from './pass-decider';
import type { PassMove } from './pass-moves';

const spec = deciderSpec(passDecider);

const ALLOWED_FROM: Record<PassMove, HistoryName[]> = {
  UpdatePass: ['issued', 'checked in', 'redeemed', 'reactivated'],
  AddStamps: ['issued', 'checked in', 'reactivated'],
  AdjustPoints: ['issued', 'checked in', 'reactivated'],
  ChargeBalance: ['issued', 'checked in', 'reactivated'],
  TopUpBalance: ['issued', 'checked in', 'reactivated'],
  CheckIn: ['issued', 'checked in', 'reactivated'],
  Redeem: ['issued', 'checked in', 'reactivated'],
  Void: ['issued', 'checked in', 'redeemed', 'reactivated'],
  Reactivate: ['voided'],
};

const REFUSED_FROM: Record<PassMove, HistoryName[]> = {
  UpdatePass: ['voided'],
  AddStamps: ['redeemed', 'voided'],
  AdjustPoints: ['redeemed', 'voided'],
  ChargeBalance: ['redeemed', 'voided'],
  TopUpBalance: ['redeemed', 'voided'],
  CheckIn: ['redeemed', 'voided'],
  Redeem: ['redeemed', 'voided'],
  Void: ['voided'],
  Reactivate: ['issued', 'checked in', 'redeemed', 'reactivated'],
};

const RECORDS: Record<PassMove, PassEventType> = {
  UpdatePass: 'PassUpdated',
  AddStamps: 'PassStamped',
  AdjustPoints: 'PointsAdjusted',
  ChargeBalance: 'BalanceCharged',
  TopUpBalance: 'BalanceToppedUp',
  CheckIn: 'PassCheckedIn',
  Redeem: 'PassRedeemed',
  Void: 'PassVoided',
  Reactivate: 'PassReactivated',
};

const pairs = (table: Record<PassMove, HistoryName[]>): [PassMove, HistoryName][] =>
  Object.entries(table).flatMap(([move, histories]) => histories.map((history): [PassMove, HistoryName] => [move as PassMove, history]));

describe('the pass state machine', () => {
  test.each(pairs(ALLOWED_FROM))('%s is allowed on a pass that is %s', (move, history) => {
    const events = passDecider.decide(VALID_COMMANDS[move], replay(passDecider, HISTORIES[history]));
    expect(events.map((event) => event.type)).toEqual([RECORDS[move]]);
  });

  test.each(pairs(REFUSED_FROM))('%s is refused as invalid_state on a pass that is %s', (move, history) => {
    const error = spec.given(HISTORIES[history]).when(VALID_COMMANDS[move]).thenThrows('invalid_state');
    expect(error.details).toEqual({ status: STATUS_AFTER[history] });
    expect(error.message).toContain(`a pass that is ${STATUS_AFTER[history]}.`);
  });

  test('every move from every status is either allowed or refused, never both', () => {
    for (const move of Object.keys(RECORDS) as PassMove[]) {
      const covered = [...ALLOWED_FROM[move], ...REFUSED_FROM[move]].sort();
      expect(covered).toEqual((Object.keys(HISTORIES) as HistoryName[]).sort());
    }
  });

  test('the refusal names the move and the current status', () => {
    const error = spec.given(HISTORIES.voided).when(VALID_COMMANDS.Redeem).thenThrows('invalid_state');
    expect(error.message).toBe('Cannot redeem a pass that is voided.');
  });

  test('stamping a redeemed pass is refused in words a caller understands', () => {
    const error = spec.given(HISTORIES.redeemed).when(VALID_COMMANDS.AddStamps).thenThrows('invalid_state');
    expect(error.message).toBe('Cannot add stamps to a pass that is redeemed.');
  });

  test('reactivating a pass that is checked in names its status as the API spells it', () => {
    const error = spec.given(HISTORIES['checked in']).when(VALID_COMMANDS.Reactivate).thenThrows('invalid_state');
    expect(error.message).toBe('Cannot reactivate a pass that is checked_in.');
  });
});

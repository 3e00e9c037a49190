/** Which actions a pass's status allows: the domain's state machine, under the names of the action buttons. */
import type { PassResponse } from '@passes/contracts';
import { canMove, type PassMove } from '@passes/domain';

const COMMANDS = {
  stamp: 'AddStamps',
  points: 'AdjustPoints',
  charge: 'ChargeBalance',
  topup: 'TopUpBalance',
  checkin: 'CheckIn',
  redeem: 'Redeem',
  void: 'Void',
  reactivate: 'Reactivate',
} as const satisfies Readonly<Record<string, PassMove>>;

export type Move = keyof typeof COMMANDS;

export function allows(status: PassResponse['status'], move: Move): boolean {
  return canMove(COMMANDS[move], status);
}

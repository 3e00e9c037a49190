/**
 * The pass state machine (DESIGN §5): the statuses each command may start from. Everything not listed
 * is refused the same way, so callers meet one error shape for every impossible move.
 */
import { DomainError } from '../shared/domain-error';
import type { PassCommand } from './pass-commands';
import type { OnlinePaymentCommandType } from './online-payment-evolve';
import type { PassStatus } from './pass-events';

/**
 * Every command on a pass that already exists, but a scan (a scan of any pass is recorded, valid or
 * not), the wallet registrations (a pass of any status stays in the wallets it was added to) and a
 * reward's redemption (which one reward of the pass decides: redeem-reward.ts) and a message (send-message.ts),
 * and the holder's choice of automation emails (automation-emails.ts).
 */
export type PassMove = Exclude<
  PassCommand['type'],
  'IssuePass' | 'ScanPass' | 'RegisterDevice' | 'UnregisterDevice' | 'RejectPushToken' | 'RedeemReward' | 'SendMessage' | 'RunAutomation' | 'StopAutomationEmails' | 'ResumeAutomationEmails' | OnlinePaymentCommandType
>;

const LIVE: readonly PassStatus[] = ['active', 'checked_in'];

const MOVES: Readonly<Record<PassMove, { verb: string; from: readonly PassStatus[] }>> = {
  UpdatePass: { verb: 'update', from: ['active', 'checked_in', 'redeemed'] },
  AddStamps: { verb: 'add stamps to', from: LIVE },
  AdjustPoints: { verb: 'adjust points on', from: LIVE },
  ChargeBalance: { verb: 'charge', from: LIVE },
  TopUpBalance: { verb: 'top up', from: LIVE },
  CheckIn: { verb: 'check in', from: LIVE },
  Redeem: { verb: 'redeem', from: LIVE },
  Void: { verb: 'void', from: ['active', 'checked_in', 'redeemed'] },
  Reactivate: { verb: 'reactivate', from: ['voided'] },
};

/** Whether a pass of `status` may make `move` (the dashboard offers only the actions this allows). */
export function canMove(move: PassMove, status: PassStatus): boolean {
  return MOVES[move].from.includes(status);
}

export function assertCanMove(move: PassMove, status: PassStatus): void {
  if (canMove(move, status)) return;
  throw new DomainError('invalid_state', `Cannot ${MOVES[move].verb} a pass that is ${status}.`, { status });
}

/**
 * What a pass command records, or why it is refused. Refusals come in a fixed order: a pass that does
 * not exist, then a move its status forbids, then the command's own rules. Scans and wallet
 * registrations are recorded whatever the status.
 */
import { assertNever } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { addStamps } from './add-stamps';
import { adjustPoints } from './adjust-points';
import { chargeBalance } from './charge-balance';
import { checkIn } from './check-in';
import { issuePass } from './issue-pass';
import type { PassCommand } from './pass-commands';
import type { PassEvent } from './pass-events';
import { assertCanMove } from './pass-moves';
import type { PassState } from './pass-state';
import { scanPass } from './scan-pass';
import { topUpBalance } from './top-up-balance';
import { updatePass } from './update-pass';
import { registerDevice, rejectPushToken, unregisterDevice } from './wallet-devices';

export function decidePass(command: PassCommand, state: PassState): PassEvent[] {
  if (command.type === 'IssuePass') return issuePass(command, state);
  if (state === null) throw new DomainError('not_found', 'Pass not found.');
  if (command.type === 'ScanPass') return scanPass(command, state);
  if (command.type === 'RegisterDevice') return registerDevice(command, state);
  if (command.type === 'UnregisterDevice') return unregisterDevice(command, state);
  if (command.type === 'RejectPushToken') return rejectPushToken(command, state);
  assertCanMove(command.type, state.status);
  const occurred_at = command.now.toISOString();
  switch (command.type) {
    case 'UpdatePass':
      return updatePass(command, state);
    case 'AddStamps':
      return addStamps(command, state);
    case 'AdjustPoints':
      return adjustPoints(command, state);
    case 'ChargeBalance':
      return chargeBalance(command, state);
    case 'TopUpBalance':
      return topUpBalance(command, state);
    case 'CheckIn':
      return checkIn(command, state);
    case 'Redeem':
      return [{ type: 'PassRedeemed', data: { occurred_at } }];
    case 'Void':
      return [{ type: 'PassVoided', data: { occurred_at } }];
    case 'Reactivate':
      return [{ type: 'PassReactivated', data: { occurred_at } }];
    default:
      return assertNever(command);
  }
}

/**
 * What a pass command records, or why it is refused. Refusals come in a fixed order: a pass that does
 * not exist, then a move its status forbids, then the command's own rules. Scans and wallet
 * registrations are recorded whatever the status. A command that carries its template's milestones has
 * the reward rule run after it, its rewards appended to its own events.
 */
import { assertNever } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { addStamps } from './add-stamps';
import { resumeAutomationEmails, stopAutomationEmails } from './automation-emails';
import { adjustPoints } from './adjust-points';
import { chargeBalance } from './charge-balance';
import { checkIn } from './check-in';
import { issuePass } from './issue-pass';
import type { PassCommand } from './pass-commands';
import type { PassEvent } from './pass-events';
import { evolvePass } from './evolve-pass';
import { assertCanMove } from './pass-moves';
import type { PassState } from './pass-state';
import type { Pass } from './pass-state';
import { completePayment, expirePayment, recordRefund, startPayment } from './online-payments';
import { redeemReward } from './redeem-reward';
import { runAutomation } from './run-automation';
import { rewardsEarned } from './reward-rule';
import { scanPass } from './scan-pass';
import { sendMessage } from './send-message';
import { topUpBalance } from './top-up-balance';
import { updatePass } from './update-pass';
import { registerDevice, rejectPushToken, unregisterDevice } from './wallet-devices';

export function decidePass(command: PassCommand, state: PassState): PassEvent[] {
  if (command.type === 'IssuePass') return issuePass(command, state);
  if (state === null) throw new DomainError('not_found', 'Pass not found.');
  const decided = decideOnPass(command, state);
  // No milestone, no reward: the rule's fold of the new events is skipped.
  if (!('milestones' in command) || command.milestones.length === 0) return decided;
  const after = decided.reduce(evolvePass, state);
  return after === null ? decided : [...decided, ...rewardsEarned(after, decided, command.milestones, command.now)];
}

function decideOnPass(command: Exclude<PassCommand, { type: 'IssuePass' }>, state: Pass): PassEvent[] {
  if (command.type === 'ScanPass') return scanPass(command, state);
  if (command.type === 'RedeemReward') return redeemReward(command, state);
  if (command.type === 'RunAutomation') return runAutomation(command, state);
  if (command.type === 'StopAutomationEmails') return stopAutomationEmails(command, state);
  if (command.type === 'ResumeAutomationEmails') return resumeAutomationEmails(command, state);
  if (command.type === 'SendMessage') return sendMessage(command, state);
  if (command.type === 'RegisterDevice') return registerDevice(command, state);
  if (command.type === 'UnregisterDevice') return unregisterDevice(command, state);
  if (command.type === 'RejectPushToken') return rejectPushToken(command, state);
  // Online payments judge the pass themselves (online-payments.ts): what Stripe took is recorded whatever the status.
  if (command.type === 'StartPayment') return startPayment(command, state);
  if (command.type === 'CompletePayment') return completePayment(command, state);
  if (command.type === 'ExpirePayment') return expirePayment(command, state);
  if (command.type === 'RecordRefund') return recordRefund(command, state);
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

/** Which actions a pass's status allows (docs/api.md, Passes: allowed moves). */
import type { PassResponse } from '@passes/contracts';

export type Move = 'stamp' | 'points' | 'charge' | 'topup' | 'checkin' | 'redeem' | 'void' | 'reactivate';

const MOVES: Readonly<Record<PassResponse['status'], readonly Move[]>> = {
  active: ['stamp', 'points', 'charge', 'topup', 'checkin', 'redeem', 'void'],
  checked_in: ['stamp', 'points', 'charge', 'topup', 'checkin', 'redeem', 'void'],
  redeemed: ['void'],
  voided: ['reactivate'],
};

export function allows(status: PassResponse['status'], move: Move): boolean {
  return MOVES[status].includes(move);
}

/** Which actions a pass's status allows (docs/api.md, Passes: allowed moves). */
import type { PassStatus } from '../../api/schemas/pass-schemas';

export type Move = 'stamp' | 'points' | 'charge' | 'topup' | 'checkin' | 'redeem' | 'void' | 'reactivate';

const MOVES: Readonly<Record<PassStatus, readonly Move[]>> = {
  active: ['stamp', 'points', 'charge', 'topup', 'checkin', 'redeem', 'void'],
  checked_in: ['stamp', 'points', 'charge', 'topup', 'checkin', 'redeem', 'void'],
  redeemed: ['void'],
  voided: ['reactivate'],
};

export function allows(status: PassStatus, move: Move): boolean {
  return MOVES[status].includes(move);
}

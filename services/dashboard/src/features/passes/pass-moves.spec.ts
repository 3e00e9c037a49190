/** The pass page offers the actions the domain's state machine allows from the pass's status. */
import { describe, expect, it } from '@jest/globals';
import { allows, type Move } from './pass-moves';

const MOVES: readonly Move[] = ['stamp', 'points', 'charge', 'topup', 'checkin', 'redeem', 'void', 'reactivate'];
const offered = (status: Parameters<typeof allows>[0]) => MOVES.filter((move) => allows(status, move));

describe('the actions a pass offers', () => {
  it('every one but reactivate while live; only void once redeemed; only reactivate once voided', () => {
    expect(offered('active')).toEqual(['stamp', 'points', 'charge', 'topup', 'checkin', 'redeem', 'void']);
    expect(offered('checked_in')).toEqual(offered('active'));
    expect(offered('redeemed')).toEqual(['void']);
    expect(offered('voided')).toEqual(['reactivate']);
  });
});

/**
 * How much a campaign sends at once (send-pace.ts): large slices and pages while its yields come back at
 * once, small ones as soon as a yield comes back late (requests were answered meanwhile), large again after.
 */
import { describe, expect, it } from '@jest/globals';
import { BUSY_PACE, IDLE_PACE, SendPace } from './send-pace';

/** A pace on a clock that each yield moves by the next of `turns` milliseconds. */
function paceWithTurns(turns: number[]): SendPace {
  let clock = 0;
  return new SendPace({
    now: () => clock,
    yieldTurn: async () => {
      clock += turns.shift() ?? 0;
    },
  });
}

describe('the pace of a campaign send', () => {
  it('given nothing yielded yet, sends the large slice and reads the large page', () => {
    const pace = paceWithTurns([]);
    expect([pace.sliceSize(), pace.pageSize()]).toEqual([IDLE_PACE.slice, IDLE_PACE.page]);
  });

  it('given a yield that came back late, sends the small slice and reads the small page', async () => {
    const pace = paceWithTurns([5]);
    await pace.yieldToRequests();
    expect([pace.sliceSize(), pace.pageSize()]).toEqual([BUSY_PACE.slice, BUSY_PACE.page]);
  });

  it('given a late yield and then one that came back at once, goes back to the large slice', async () => {
    const pace = paceWithTurns([5, 0]);
    await pace.yieldToRequests();
    await pace.yieldToRequests();
    expect([pace.sliceSize(), pace.pageSize()]).toEqual([IDLE_PACE.slice, IDLE_PACE.page]);
  });
});

/** The counts the pass actions take, checked as the API checks its query parameters, with its messages. */
import { describe, expect, it } from '@jest/globals';
import { pointsDelta, stampCount } from './pass-action-inputs';

describe('the pass actions’ numbers', () => {
  it('stamps: 1 to 1000', () => {
    expect(stampCount(' 3 ')).toEqual({ ok: true, value: 3 });
    for (const raw of ['0', '1001', '1.5', 'two', '']) expect(stampCount(raw)).toEqual({ ok: false, message: 'must be an integer from 1 to 1000' });
  });

  it('points: a non-zero integer, negative to spend', () => {
    expect(pointsDelta('-20')).toEqual({ ok: true, value: -20 });
    for (const raw of ['0', '1000001', '-1000001', '2.5']) {
      expect(pointsDelta(raw)).toEqual({ ok: false, message: 'must be a non-zero integer from -1000000 to 1000000' });
    }
  });
});

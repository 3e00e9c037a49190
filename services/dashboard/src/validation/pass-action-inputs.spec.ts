/** The numbers the pass actions take, checked as the API checks its query parameters, with its messages. */
import { describe, expect, it } from '@jest/globals';
import { amount, pointsDelta, stampCount } from './pass-action-inputs';

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

  it('amounts: above 0, at most two decimals, sent as typed', () => {
    expect(amount('2.50')).toEqual({ ok: true, value: '2.50' });
    expect(amount('100000000')).toEqual({ ok: true, value: '100000000' });
    for (const raw of ['0', '0.00', '1.005', '-1', '01', '100000000.01', 'ten']) {
      expect(amount(raw)).toEqual({ ok: false, message: 'must be a number greater than 0 with at most 2 decimals, up to 100000000' });
    }
  });
});

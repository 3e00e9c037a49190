/** Amounts typed as people write them, read as the domain's money rule reads them, refused in words. */
import { describe, expect, it } from '@jest/globals';
import { positiveMoney, typedMoney } from './money-input';

describe('an amount typed in the dashboard', () => {
  it('reads the amount with spaces, the card’s sign before it and a decimal comma, in minor units', () => {
    for (const [raw, minor] of [
      ['2.50', 250],
      [' 5 ', 500],
      ['£5', 500],
      ['£ 1.20', 120],
      ['1,20', 120],
      ['£1,2', 120],
      ['0', 0],
      ['100000000', 10_000_000_000],
    ] as const) {
      expect(typedMoney(raw, 'GBP')).toEqual({ ok: true, value: minor });
    }
    expect(typedMoney('€3,5', 'EUR')).toEqual({ ok: true, value: 350 });
    expect(typedMoney('$3', 'USD')).toEqual({ ok: true, value: 300 });
  });

  it('takes any of £, € and $ on a card without a currency', () => {
    for (const raw of ['£2', '€2', '$2']) expect(typedMoney(raw, null)).toEqual({ ok: true, value: 200 });
  });

  it('refuses everything else in words, with the card’s currency', () => {
    for (const raw of ['ten', '1.005', '-1', '01', '1.234,56', '1,2,3', '1,200', '€5', '5£', '100000000.01', '']) {
      expect(typedMoney(raw, 'GBP')).toEqual({ ok: false, message: 'Type the amount in British pounds, such as 5 or 1.20' });
    }
    expect(typedMoney('ten', 'EUR')).toEqual({ ok: false, message: 'Type the amount in euros, such as 5 or 1.20' });
    expect(typedMoney('ten', null)).toEqual({ ok: false, message: 'Type the amount, such as 5 or 1.20' });
  });

  it('to charge or top up: more than zero', () => {
    expect(positiveMoney('0,01', 'GBP')).toEqual({ ok: true, value: 1 });
    for (const raw of ['0', '£0.00']) expect(positiveMoney(raw, 'GBP')).toEqual({ ok: false, message: 'Type the amount in British pounds, such as 5 or 1.20' });
  });
});

import { describe, expect, test } from '@jest/globals';
import { MAX_POINTS, MAX_STAMPS } from '@passes/domain';
import { money, points, stamps } from './field-limits';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('money in a JSON body', () => {
  test.each([0, 0.3, 12.5, 12.05, 100_000_000])('accepts %p', (amount) => {
    expect(money.safeParse(amount).success).toBe(true);
  });

  test.each([1e-9, 0.30000000000000004, 0.001, 12.345, 1e-7])('refuses %p for its decimals instead of rounding it', (amount) => {
    expect(messageOf(money.safeParse(amount))).toBe('must have at most 2 decimals');
  });

  test('refuses amounts beyond the maximum, and negative ones', () => {
    expect(messageOf(money.safeParse(100_000_000.01))).toBe('must be at most 100000000');
    expect(messageOf(money.safeParse(-1))).toBe('must not be negative');
  });

  test('says only what is wrong: -5 is negative, not of too many decimals', () => {
    expect(money.safeParse(-5).error?.issues.map((issue) => issue.message)).toEqual(['must not be negative']);
  });
});

describe('points and stamps in a JSON body', () => {
  test('name their bound', () => {
    expect(messageOf(points.safeParse(MAX_POINTS + 1))).toBe(`must be at most ${MAX_POINTS}`);
    expect(messageOf(stamps.safeParse(MAX_STAMPS + 1))).toBe(`must be at most ${MAX_STAMPS}`);
  });

  test('accept their bound', () => {
    expect(points.safeParse(MAX_POINTS).success).toBe(true);
    expect(stamps.safeParse(MAX_STAMPS).success).toBe(true);
  });
});

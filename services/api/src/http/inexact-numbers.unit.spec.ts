import { describe, expect, test } from '@jest/globals';
import { inexactNumbers } from './inexact-numbers';

describe('numbers no double holds as written', () => {
  test.each([
    ['{"a": 1}'],
    ['{"a": 0.1, "b": 12.34, "c": -0, "d": 1.50, "e": 1e2, "f": 2.5E-3}'],
    ['{"a": 0.30000000000000004}'],
    ['{"a": 9007199254740991}'],
    ['{"a": "1.0000000000000001", "b": "99999999.999999999e5"}'],
    ['{"note": "say \\"1.0000000000000001\\"", "n": 3}'],
  ])('finds none in %s', (json) => {
    expect(inexactNumbers(json)).toEqual([]);
  });

  test.each([
    ['{"initial_balance": 99999999.999999999}', ['initial_balance']],
    ['{"initial_balance": 1.0000000000000001}', ['initial_balance']],
    ['{"a": 9007199254740993}', ['a']],
    ['{"a": 1e400, "b": -1e400, "c": 1e-400}', ['a', 'b', 'c']],
    ['{"passes": [{"x": 1}, {"balance": 1.0000000000000001}]}', ['passes.1.balance']],
    ['{"m": {"k\\"ey": [0, 1, 2.00000000000000001]}}', ['m.k"ey.2']],
    ['1.0000000000000001', ['']],
  ])('finds %s', (json, paths) => {
    expect(inexactNumbers(json)).toEqual(paths);
  });
});

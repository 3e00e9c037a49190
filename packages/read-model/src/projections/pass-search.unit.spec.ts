import { describe, expect, test } from '@jest/globals';
import { termsMatch, wordsOf } from './pass-search';

describe('the words a search matches', () => {
  test('are the letters and digits of a text, lowercased, in any script', () => {
    expect(wordsOf('Ada.Lovelace@Example.com')).toEqual(['ada', 'lovelace', 'example', 'com']);
    expect(wordsOf('  Zoë  Ångström-Ørsted ')).toEqual(['zoë', 'ångström', 'ørsted']);
    expect(wordsOf('')).toEqual([]);
  });

  test('a search matches when each of its words begins a word', () => {
    const words = wordsOf('Ada Lovelace ada@example.com');
    expect(termsMatch(['ad', 'love'], words)).toBe(true);
    expect(termsMatch(['lovelacex'], words)).toBe(false);
    expect(termsMatch(['velace'], words)).toBe(false);
    expect(termsMatch([], words)).toBe(true);
  });
});

import { describe, expect, test } from '@jest/globals';
import { searchWordsOf, termsMatch, wordsOf } from './pass-search';

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

  test("a pass's identifiers are found by their words only: a search never holds a separator", () => {
    const pass = { businessId: 'b', mode: 'live', customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', externalId: 'CRM-7', serialNumber: 'PS-7K3M' } as const;
    expect(searchWordsOf(pass)).toEqual({ scope: 'b/live/w/', words: ['ada', 'lovelace', 'example', 'com', 'crm', '7', 'ps', '7k3m'] });
  });

  test("a pass's words follow its customer's name and email, its external id and its scope, and are the same object while they stay", () => {
    const pass = { businessId: 'b', mode: 'live', customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', externalId: null, serialNumber: 'PS-9QXA' } as const;
    const words = searchWordsOf(pass);
    expect(searchWordsOf({ ...pass })).toBe(words);
    expect(searchWordsOf({ ...pass, customerName: 'Ada King' }).words).toEqual(['ada', 'king', 'example', 'com', 'ps', '9qxa']);
    expect(searchWordsOf({ ...pass, customerEmail: null }).words).toEqual(['ada', 'lovelace', 'ps', '9qxa']);
    expect(searchWordsOf({ ...pass, externalId: 'CRM-8' }).words).toContain('crm');
    expect(searchWordsOf({ ...pass, mode: 'test' }).scope).toBe('b/test/w/');
  });
});

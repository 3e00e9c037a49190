import { describe, expect, test } from '@jest/globals';
import { searchKeysOf, termsMatch, wordsOf } from './pass-search';

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

  test("a pass's identifiers are keys by their words' beginnings only: a search never holds a separator", () => {
    const pass = { businessId: 'b', mode: 'live', templateId: 't', status: 'active', customerName: null, customerEmail: null, externalId: 'CRM-7', serialNumber: 'PS-7K3M' } as const;
    const beginnings = searchKeysOf(pass).filter((key) => key.startsWith('b/live/w/')).map((key) => key.slice('b/live/w/'.length));
    expect(beginnings.sort()).toEqual(['7', '7k', '7k3', '7k3m', 'c', 'cr', 'crm', 'p', 'ps'].sort());
    expect(beginnings).not.toContain('crm-');
  });
});

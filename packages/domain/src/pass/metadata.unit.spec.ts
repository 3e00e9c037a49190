import { describe, expect, test } from '@jest/globals';
import { effectivePatch, mergeMetadata } from './metadata';

describe('metadata', () => {
  test('a merge sets the patched keys and keeps the others', () => {
    expect(mergeMetadata({ tier: 'gold', visits: 1 }, { visits: 2 })).toEqual({ tier: 'gold', visits: 2 });
  });

  test('a merge removes the keys patched with null', () => {
    expect(mergeMetadata({ tier: 'gold', visits: 1 }, { tier: null })).toEqual({ visits: 1 });
  });

  test('the effective patch drops values a key already has', () => {
    expect(effectivePatch({ tier: 'gold' }, { tier: 'gold', visits: 1 })).toEqual({ visits: 1 });
  });

  test('the effective patch drops removals of absent keys', () => {
    expect(effectivePatch({ tier: 'gold' }, { missing: null, tier: null })).toEqual({ tier: null });
  });

  test('the effective patch tells a number from the same digits as text', () => {
    expect(effectivePatch({ visits: 1 }, { visits: '1' })).toEqual({ visits: '1' });
  });
});

/** How far the read models reflect the feed, as waiters for read-your-writes judge it from the catalog. */
import { describe, expect, it } from '@jest/globals';
import { positionFrom } from '@passes/event-store';
import type { CollectionState } from '../document-store';
import { leastCheckpoint } from './checkpoint-waiter';

const at = (position: number | null) => ({ generation: 1, version: 1, checkpoint: position === null ? null : positionFrom(String(position)) });
const live = (collection: string, position: number | null): CollectionState => ({ collection, live: at(position), next: null, retired: [] });
const building = (collection: string, position: number | null): CollectionState => ({ collection, live: null, next: { ...at(position), requestedAt: '2026-11-28T05:00:00.000Z' }, retired: [] });

describe('the least checkpoint of the read models', () => {
  it('is the least of the live generations', () => {
    expect(leastCheckpoint([live('passes', 9), live('templates', 7)], ['passes', 'templates'])).toBe(positionFrom('7'));
  });

  it('is none while a live generation has taken no event yet', () => {
    expect(leastCheckpoint([live('passes', 9), live('templates', null)], ['passes', 'templates'])).toBeNull();
  });

  it('leaves out a collection being built for the first time: nothing is read from it until it is live', () => {
    expect(leastCheckpoint([live('passes', 9), building('campaigns', 2)], ['passes', 'campaigns'])).toBe(positionFrom('9'));
    expect(leastCheckpoint([live('passes', 9)], ['passes', 'campaigns'])).toBe(positionFrom('9'));
  });

  it('is none while no collection is live', () => {
    expect(leastCheckpoint([building('passes', 2)], ['passes', 'campaigns'])).toBeNull();
    expect(leastCheckpoint([], ['passes'])).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import type { EventStore } from '../../event-store';
import { isAfter } from '../../position';
import { expectStrictlyIncreasing, newEvent, newEvents, positionsOf, uniqueName } from './fixtures';

export function describeReadContract(store: () => EventStore): void {
  describe('readStream', () => {
    it('returns an empty array for a stream that does not exist', async () => {
      expect(await store().readStream(uniqueName('missing'))).toEqual([]);
    });

    it('returns the stream in revision order, from a revision and up to a count', async () => {
      const stream = uniqueName('read-stream');
      await store().append(stream, newEvents('E', 3), 'no_stream');
      await store().append(stream, newEvents('F', 3), 2);

      expect((await store().readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5]);
      expect((await store().readStream(stream, { fromRevision: 2 })).map((event) => event.revision)).toEqual([2, 3, 4, 5]);
      expect((await store().readStream(stream, { maxCount: 2 })).map((event) => event.revision)).toEqual([0, 1]);
      const window = await store().readStream(stream, { fromRevision: 3, maxCount: 2 });
      expect(window.map((event) => [event.revision, event.type, event.data])).toEqual([
        [3, 'F', { index: 0 }],
        [4, 'F', { index: 1 }],
      ]);
      expect(await store().readStream(stream, { fromRevision: 6 })).toEqual([]);
    });

    it('returns only the stream asked for', async () => {
      const stream = uniqueName('mine');
      const neighbour = `${stream}-neighbour`;
      await store().append(stream, [newEvent('Mine')], 'no_stream');
      await store().append(neighbour, [newEvent('Theirs')], 'no_stream');

      expect((await store().readStream(stream)).map((event) => [event.stream, event.type])).toEqual([[stream, 'Mine']]);
    });
  });

  describe('readAll', () => {
    it('returns events of all streams in the order they were appended', async () => {
      const [a, b] = [uniqueName('all-a'), uniqueName('all-b')];
      const start = await store().headPosition();
      await store().append(a, [newEvent('A0')], 'no_stream');
      await store().append(b, [newEvent('B0'), newEvent('B1')], 'no_stream');
      await store().append(a, [newEvent('A1')], 0);

      const mine = (await store().readAll({ after: start })).filter((event) => event.stream === a || event.stream === b);
      expect(mine.map((event) => event.type)).toEqual(['A0', 'B0', 'B1', 'A1']);
      expectStrictlyIncreasing(positionsOf(mine));
    });

    it('starts strictly after the position given', async () => {
      const prefix = uniqueName('after');
      await store().append(prefix, newEvents('E', 3), 'no_stream');
      const [first, second, third] = await store().readStream(prefix);

      const read = await store().readAll({ after: first?.position, filter: { streamPrefixes: [prefix] } });
      expect(read.map((event) => event.id)).toEqual([second?.id, third?.id]);
    });

    it('returns at most maxCount events', async () => {
      const prefix = uniqueName('max');
      const start = await store().headPosition();
      await store().append(prefix, newEvents('E', 5), 'no_stream');

      const unfiltered = await store().readAll({ after: start, maxCount: 2 });
      expect(unfiltered).toHaveLength(2);
      expectStrictlyIncreasing(positionsOf(unfiltered));
      expect(unfiltered.every((event) => isAfter(event.position, start))).toBe(true);

      const filtered = await store().readAll({ after: start, maxCount: 3, filter: { streamPrefixes: [prefix] } });
      expect(filtered.map((event) => event.data)).toEqual([{ index: 0 }, { index: 1 }, { index: 2 }]);
    });

    it('filters on any of several stream prefixes', async () => {
      const [first, second, other] = [uniqueName('pfx-a'), uniqueName('pfx-b'), uniqueName('pfx-c')];
      const start = await store().headPosition();
      await store().append(`${first}-1`, [newEvent('One')], 'no_stream');
      await store().append(`${other}-1`, [newEvent('Other')], 'no_stream');
      await store().append(`${second}-1`, [newEvent('Two')], 'no_stream');
      await store().append(`${first}-2`, [newEvent('Three')], 'no_stream');

      const read = await store().readAll({ after: start, filter: { streamPrefixes: [first, second] } });
      expect(read.map((event) => event.type)).toEqual(['One', 'Two', 'Three']);
    });

    it('matches stream prefixes literally and case-sensitively', async () => {
      const base = uniqueName('literal');
      const start = await store().headPosition();
      await store().append(`${base}_x`, [newEvent('Underscore')], 'no_stream');
      await store().append(`${base}ax`, [newEvent('Letter')], 'no_stream');
      await store().append(`${base.toUpperCase()}_x`, [newEvent('Upper')], 'no_stream');

      const read = await store().readAll({ after: start, filter: { streamPrefixes: [`${base}_`] } });
      expect(read.map((event) => event.type)).toEqual(['Underscore']);
    });

    it('filters on any of several event types', async () => {
      const stream = uniqueName('types');
      const [wanted, alsoWanted, unwanted] = [uniqueName('Wanted'), uniqueName('AlsoWanted'), uniqueName('Unwanted')];
      const start = await store().headPosition();
      await store().append(stream, [newEvent(wanted), newEvent(unwanted), newEvent(alsoWanted), newEvent(wanted)], 'no_stream');

      const read = await store().readAll({ after: start, filter: { eventTypes: [wanted, alsoWanted] } });
      expect(read.map((event) => [event.type, event.revision])).toEqual([
        [wanted, 0],
        [alsoWanted, 2],
        [wanted, 3],
      ]);
    });

    it('requires both a prefix and a type to match when filtering on both', async () => {
      const [prefix, elsewhere] = [uniqueName('both'), uniqueName('elsewhere')];
      const [wanted, unwanted] = [uniqueName('Wanted'), uniqueName('Unwanted')];
      const start = await store().headPosition();
      await store().append(prefix, [newEvent(wanted), newEvent(unwanted)], 'no_stream');
      await store().append(elsewhere, [newEvent(wanted)], 'no_stream');

      const read = await store().readAll({ after: start, filter: { streamPrefixes: [prefix], eventTypes: [wanted] } });
      expect(read.map((event) => [event.stream, event.type])).toEqual([[prefix, wanted]]);
    });
  });

  describe('countBetween', () => {
    it('counts the events after one position up to another, as far as a limit', async () => {
      const stream = uniqueName('count');
      const start = await store().headPosition();
      await store().append(stream, newEvents('E', 5), 'no_stream');
      const events = await store().readStream(stream);
      const [first, , third, , fifth] = events;
      if (!first || !third || !fifth) throw new Error('five events were appended');
      expect(await store().countBetween(first.position, fifth.position, 100)).toBe(4);
      expect(await store().countBetween(first.position, third.position, 100)).toBe(2);
      expect(await store().countBetween(first.position, fifth.position, 3)).toBe(3);
      expect(await store().countBetween(fifth.position, fifth.position, 100)).toBe(0);
      expect(await store().countBetween(start, fifth.position, 1_000_000)).toBeGreaterThanOrEqual(5);
    });
  });

  describe('headPosition', () => {
    it('moves up to the position of the latest append', async () => {
      const stream = uniqueName('head');
      const before = await store().headPosition();
      const first = await store().append(stream, [newEvent('One')], 'no_stream');
      const afterFirst = await store().headPosition();
      const second = await store().append(stream, newEvents('More', 2), 0);
      const afterSecond = await store().headPosition();

      expect(isAfter(afterFirst, before)).toBe(true);
      expect(afterFirst).toBe(first.position);
      expect(isAfter(afterSecond, afterFirst)).toBe(true);
      expect(afterSecond).toBe(second.position);
      expect(await store().readAll({ after: afterSecond, filter: { streamPrefixes: [stream] } })).toEqual([]);
    });
  });
}

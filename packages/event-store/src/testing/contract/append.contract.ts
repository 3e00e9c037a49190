import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { type EventStore, WrongExpectedRevisionError } from '../../event-store';
import { expectStrictlyIncreasing, expectWrongRevision, newEvent, newEvents, positionsOf, uniqueName } from './fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export function describeAppendContract(store: () => EventStore): void {
  describe('append', () => {
    describe('expected revision no_stream', () => {
      it('creates a missing stream at revision 0', async () => {
        const stream = uniqueName('no-stream-ok');
        const result = await store().append(stream, [newEvent('Opened')], 'no_stream');
        expect(result.nextRevision).toBe(0);
        expect((await store().readStream(stream)).map((event) => event.revision)).toEqual([0]);
      });

      it('fails on an existing stream, reporting its current revision', async () => {
        const stream = uniqueName('no-stream-ko');
        await store().append(stream, newEvents('Opened', 2), 'no_stream');
        await expectWrongRevision(store().append(stream, [newEvent('Again')], 'no_stream'), {
          stream,
          expected: 'no_stream',
          actual: 1,
        });
      });
    });

    describe('expected revision stream_exists', () => {
      it('appends to an existing stream', async () => {
        const stream = uniqueName('exists-ok');
        await store().append(stream, [newEvent('Opened')], 'no_stream');
        const result = await store().append(stream, [newEvent('Next')], 'stream_exists');
        expect(result.nextRevision).toBe(1);
      });

      it('fails on a missing stream, reporting no_stream', async () => {
        const stream = uniqueName('exists-ko');
        await expectWrongRevision(store().append(stream, [newEvent('Next')], 'stream_exists'), {
          stream,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
      });
    });

    describe('expected revision as a number', () => {
      it('appends when it is the current revision', async () => {
        const stream = uniqueName('number-ok');
        await store().append(stream, newEvents('Opened', 2), 'no_stream');
        const result = await store().append(stream, [newEvent('Next')], 1);
        expect(result.nextRevision).toBe(2);
      });

      it('fails when the stream has moved past it', async () => {
        const stream = uniqueName('number-behind');
        await store().append(stream, newEvents('Opened', 3), 'no_stream');
        await expectWrongRevision(store().append(stream, [newEvent('Next')], 0), { stream, expected: 0, actual: 2 });
      });

      it('fails when the stream has not reached it', async () => {
        const stream = uniqueName('number-ahead');
        await store().append(stream, [newEvent('Opened')], 'no_stream');
        await expectWrongRevision(store().append(stream, [newEvent('Next')], 5), { stream, expected: 5, actual: 0 });
      });

      it('fails on a missing stream, reporting no_stream', async () => {
        const stream = uniqueName('number-missing');
        await expectWrongRevision(store().append(stream, [newEvent('Next')], 0), {
          stream,
          expected: 0,
          actual: 'no_stream',
        });
      });

      it('rejects a revision that is negative or not an integer, writing nothing', async () => {
        const stream = uniqueName('number-invalid');
        await expect(store().append(stream, [newEvent('Next')], -1)).rejects.toThrow();
        await expect(store().append(stream, [newEvent('Next')], 0.5)).rejects.toThrow();
        expect(await store().readStream(stream)).toEqual([]);
      });
    });

    describe('expected revision any', () => {
      it('appends to a missing stream and to an existing one', async () => {
        const stream = uniqueName('any');
        expect((await store().append(stream, [newEvent('First')], 'any')).nextRevision).toBe(0);
        expect((await store().append(stream, [newEvent('Second')], 'any')).nextRevision).toBe(1);
      });
    });

    it('writes nothing when the expected revision does not hold', async () => {
      const stream = uniqueName('rejected');
      const start = await store().headPosition();
      await store().append(stream, [newEvent('Opened')], 'no_stream');
      const rejected = newEvents('Rejected', 3).map((event) => ({ ...event, id: randomUUID() }));

      await expect(store().append(stream, rejected, 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);

      expect((await store().readStream(stream)).map((event) => event.type)).toEqual(['Opened']);
      const rejectedIds = new Set<string>(rejected.map((event) => event.id));
      const fed = await store().readAll({ after: start, filter: { streamPrefixes: [stream] } });
      expect(fed.filter((event) => rejectedIds.has(event.id))).toEqual([]);
      expect((await store().append(stream, [newEvent('Next')], 0)).nextRevision).toBe(1);
    });

    it('gives a multi-event append contiguous revisions and increasing positions', async () => {
      const stream = uniqueName('batch');
      await store().append(stream, [newEvent('Opened')], 'no_stream');
      const result = await store().append(stream, newEvents('Batch', 4), 0);

      const events = await store().readStream(stream);
      expect(events.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4]);
      expectStrictlyIncreasing(positionsOf(events));
      expect(result).toEqual({ nextRevision: 4, position: events[4]?.position });
    });

    it('rejects an empty append without writing', async () => {
      const stream = uniqueName('empty');
      const error = await store()
        .append(stream, [], 'any')
        .then(
          () => undefined,
          (failure: unknown) => failure,
        );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store().readStream(stream)).toEqual([]);
    });

    it('keeps the ids given by the caller and generates distinct UUIDs for the others', async () => {
      const stream = uniqueName('ids');
      const given = randomUUID();
      await store().append(stream, [newEvent('Given', {}, given), newEvent('Generated'), newEvent('Generated')], 'no_stream');

      const [first, second, third] = await store().readStream(stream);
      expect(first?.id).toBe(given);
      expect(second?.id).toMatch(UUID);
      expect(third?.id).toMatch(UUID);
      expect(new Set([first?.id, second?.id, third?.id]).size).toBe(3);
    });

    it.each([
      ['no_stream', 'no_stream' as const],
      ['a revision number', 0],
    ])('treats a retry with the same ids under %s as already done', async (_, retriedUnder) => {
      const stream = uniqueName('retry');
      if (retriedUnder === 0) await store().append(stream, [newEvent('Opened')], 'no_stream');
      const batch = [newEvent('Retried', {}, randomUUID()), newEvent('Retried', {}, randomUUID())];

      const first = await store().append(stream, batch, retriedUnder);
      const retry = await store().append(stream, batch, retriedUnder);

      expect(retry.nextRevision).toBe(first.nextRevision);
      const stored = await store().readStream(stream);
      expect(stored.filter((event) => event.type === 'Retried').map((event) => event.id)).toEqual(
        batch.map((event) => event.id),
      );
    });

    describe('concurrent appends', () => {
      it('lets exactly one of two appends under the same revision win', async () => {
        const stream = uniqueName('race');
        await store().append(stream, [newEvent('Opened')], 'no_stream');

        const outcomes = await Promise.allSettled([
          store().append(stream, [newEvent('Left')], 0),
          store().append(stream, [newEvent('Right')], 0),
        ]);

        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const [rejection] = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(rejection?.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(rejection?.reason).toMatchObject({ stream, expected: 0, actual: 1 });
        expect(await store().readStream(stream)).toHaveLength(2);
      });

      it('lets exactly one of two appends creating the same stream win', async () => {
        const stream = uniqueName('race-create');
        const outcomes = await Promise.allSettled([
          store().append(stream, newEvents('Left', 2), 'no_stream'),
          store().append(stream, newEvents('Right', 3), 'no_stream'),
        ]);

        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const types = new Set((await store().readStream(stream)).map((event) => event.type));
        expect(types.size).toBe(1);
      });

      it('lets appends to different streams all succeed', async () => {
        const streams = Array.from({ length: 5 }, () => uniqueName('parallel'));
        const results = await Promise.all(streams.map((stream) => store().append(stream, newEvents('E', 2), 'no_stream')));

        expect(results.map((result) => result.nextRevision)).toEqual([1, 1, 1, 1, 1]);
        expect(new Set(results.map((result) => result.position)).size).toBe(5);
      });
    });

    it('round-trips data and metadata unchanged', async () => {
      const stream = uniqueName('round-trip');
      const data = {
        text: 'Café ☕ 𝄞 "quoted" \\ back\nslash',
        integer: -42,
        decimal: 12.375,
        flag: false,
        nothing: null,
        list: [1, 'two', { three: [3] }],
        nested: { deeper: { deepest: true } },
        empty: {},
      };
      const event = newEvent('Rich', data);
      const metadata = { ...event.metadata, causation_id: randomUUID(), business_id: 'business-1', schema_version: 3 };
      await store().append(stream, [{ ...event, metadata }, newEvent('Bare')], 'no_stream');

      const [rich, bare] = await store().readStream(stream);
      expect(rich).toMatchObject({ stream, revision: 0, type: 'Rich', data, metadata });
      expect(bare?.data).toEqual({});
    });

    it('stamps created_at as an ISO 8601 UTC instant', async () => {
      const stream = uniqueName('created');
      await store().append(stream, [newEvent('Stamped')], 'no_stream');

      const [event] = await store().readStream(stream);
      expect(event?.created_at).toMatch(ISO_UTC);
      expect(Number.isNaN(Date.parse(event?.created_at ?? ''))).toBe(false);
    });
  });
}

import { afterEach, describe, expect, it } from '@jest/globals';
import type { EventStore, FeedHandler, RecordedEvent, Subscription } from '../../event-store';
import { newEvent, newEvents, pause, uniqueName, waitUntil } from './fixtures';

/** Long enough for a live event to arrive if delivery had wrongly gone on. */
const QUIET_PERIOD_MS = 500;

/** Records the events of the given streams, ignoring whatever else a shared store carries. */
function recorder(streams: readonly string[]): { received: RecordedEvent[]; batchSizes: number[]; handler: FeedHandler } {
  const received: RecordedEvent[] = [];
  const batchSizes: number[] = [];
  const wanted = new Set(streams);
  return {
    received,
    batchSizes,
    handler: async (events) => {
      batchSizes.push(events.length);
      for (const event of events) if (wanted.has(event.stream)) received.push(event);
    },
  };
}

export function describeSubscribeContract(store: () => EventStore): void {
  describe('subscribeToAll', () => {
    const subscriptions: Subscription[] = [];
    function subscribe(...args: Parameters<EventStore['subscribeToAll']>): Subscription {
      const subscription = store().subscribeToAll(...args);
      subscriptions.push(subscription);
      return subscription;
    }
    async function stopAll(): Promise<void> {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
    }
    afterEach(stopAll);

    it('delivers stored events, then live ones, in global order', async () => {
      const [a, b] = [uniqueName('sub-a'), uniqueName('sub-b')];
      const start = await store().headPosition();
      await store().append(a, [newEvent('A0')], 'no_stream');
      await store().append(b, [newEvent('B0')], 'no_stream');
      const { received, handler } = recorder([a, b]);

      subscribe({ after: start }, handler);
      await waitUntil(() => received.length === 2, 'the stored events');
      await store().append(a, [newEvent('A1'), newEvent('A2')], 0);
      await store().append(b, [newEvent('B1')], 0);
      await waitUntil(() => received.length === 5, 'the live events');
      await stopAll();

      expect(received.map((event) => event.type)).toEqual(['A0', 'B0', 'A1', 'A2', 'B1']);
      expect(received).toEqual(await store().readAll({ after: start, filter: { streamPrefixes: [a, b] } }));
    });

    it('catches up through many events without a duplicate or a gap', async () => {
      const stream = uniqueName('sub-many');
      const start = await store().headPosition();
      await store().append(stream, newEvents('E', 100), 'no_stream');
      for (let batch = 1; batch < 11; batch += 1) {
        await store().append(stream, newEvents('E', 100), batch * 100 - 1);
      }
      const { received, batchSizes, handler } = recorder([stream]);

      subscribe({ after: start }, handler);
      await waitUntil(() => received.length >= 1100, '1100 events', 15000);
      await stopAll();

      expect(received.map((event) => event.revision)).toEqual(Array.from({ length: 1100 }, (_, index) => index));
      expect(batchSizes.every((size) => size > 0)).toBe(true);
    });

    it('starts strictly after the position given', async () => {
      const stream = uniqueName('sub-after');
      await store().append(stream, newEvents('E', 3), 'no_stream');
      const [first] = await store().readStream(stream);
      const { received, handler } = recorder([stream]);

      subscribe({ after: first?.position }, handler);
      await waitUntil(() => received.length >= 2, 'the events after the first');
      await store().append(stream, [newEvent('Live')], 2);
      await waitUntil(() => received.length >= 3, 'the live event');
      await stopAll();

      expect(received.map((event) => event.revision)).toEqual([1, 2, 3]);
    });

    it('delivers only the events matching its filter', async () => {
      const [prefix, elsewhere] = [uniqueName('sub-filter'), uniqueName('sub-elsewhere')];
      const start = await store().headPosition();
      const received: RecordedEvent[] = [];

      subscribe({ after: start, filter: { streamPrefixes: [prefix] } }, async (events) => {
        received.push(...events);
      });
      await store().append(elsewhere, [newEvent('Elsewhere')], 'no_stream');
      await store().append(`${prefix}-1`, [newEvent('Wanted')], 'no_stream');
      await store().append(elsewhere, [newEvent('Elsewhere')], 0);
      await store().append(`${prefix}-2`, [newEvent('Wanted')], 'no_stream');
      await waitUntil(() => received.length >= 2, 'the matching events');
      await pause(QUIET_PERIOD_MS);
      await stopAll();

      expect(received.map((event) => event.stream)).toEqual([`${prefix}-1`, `${prefix}-2`]);
    });

    it('delivers only the events of the types and streams its filter names, live', async () => {
      const [prefix, elsewhere] = [uniqueName('sub-types'), uniqueName('sub-types-elsewhere')];
      const [wanted, alsoWanted, unwanted] = [uniqueName('Wanted'), uniqueName('AlsoWanted'), uniqueName('Unwanted')];
      const start = await store().headPosition();
      const received: RecordedEvent[] = [];

      subscribe({ after: start, filter: { streamPrefixes: [prefix], eventTypes: [wanted, alsoWanted] } }, async (events) => {
        received.push(...events);
      });
      await store().append(`${prefix}-1`, [newEvent(wanted), newEvent(unwanted)], 'no_stream');
      await store().append(elsewhere, [newEvent(wanted)], 'no_stream');
      await store().append(`${prefix}-1`, [newEvent(alsoWanted)], 1);
      await waitUntil(() => received.length >= 2, 'the matching events');
      await pause(QUIET_PERIOD_MS);
      await stopAll();

      expect(received.map((event) => [event.stream, event.type])).toEqual([
        [`${prefix}-1`, wanted],
        [`${prefix}-1`, alsoWanted],
      ]);
    });

    it('keeps global order under interleaved concurrent appends, one handler call at a time', async () => {
      const streams = Array.from({ length: 4 }, () => uniqueName('sub-interleaved'));
      const start = await store().headPosition();
      const received: RecordedEvent[] = [];
      const wanted = new Set(streams);
      let inFlight = 0;
      let mostInFlight = 0;

      subscribe({ after: start }, async (events) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await pause(0);
        for (const event of events) if (wanted.has(event.stream)) received.push(event);
        inFlight -= 1;
      });
      for (let round = 0; round < 10; round += 1) {
        await Promise.all(
          streams.map((stream) => store().append(stream, [newEvent('Tick', { round })], round === 0 ? 'no_stream' : round - 1)),
        );
      }
      await waitUntil(() => received.length >= 40, 'the 40 events');
      await stopAll();

      expect(mostInFlight).toBe(1);
      const stored = await store().readAll({ after: start, filter: { streamPrefixes: streams } });
      expect(received.map((event) => event.id)).toEqual(stored.map((event) => event.id));
      expect(stored).toHaveLength(40);
    });

    it('delivers nothing more once stop() has resolved', async () => {
      const stream = uniqueName('sub-stop');
      const start = await store().headPosition();
      const { received, handler } = recorder([stream]);
      const subscription = subscribe({ after: start }, handler);

      await store().append(stream, [newEvent('Before')], 'no_stream');
      await waitUntil(() => received.length === 1, 'the first event');
      await subscription.stop();
      await store().append(stream, [newEvent('After')], 0);
      await pause(QUIET_PERIOD_MS);

      expect(received.map((event) => event.type)).toEqual(['Before']);
    });

    it('resolves stop() only once the batch being handled is done', async () => {
      const stream = uniqueName('sub-stop-inflight');
      const start = await store().headPosition();
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const handled: string[] = [];
      let entered = false;
      const subscription = subscribe({ after: start }, async (events) => {
        const mine = events.filter((event) => event.stream === stream);
        if (mine.length === 0) return;
        entered = true;
        await gate;
        handled.push(...mine.map((event) => event.type));
      });

      await store().append(stream, [newEvent('Slow')], 'no_stream');
      await waitUntil(() => entered, 'the handler to start');
      let stopped = false;
      const stopping = subscription.stop().then(() => {
        stopped = true;
      });
      await pause(50);
      expect(stopped).toBe(false);
      await store().append(stream, [newEvent('Never')], 0);
      release();
      await stopping;

      expect(handled).toEqual(['Slow']);
      await pause(QUIET_PERIOD_MS);
      expect(handled).toEqual(['Slow']);
    });

    it('reports a handler failure once to onError and stops', async () => {
      const stream = uniqueName('sub-error');
      const start = await store().headPosition();
      const failure = new Error('handler failed');
      const errors: unknown[] = [];
      const handled: number[] = [];

      subscribe(
        {
          after: start,
          onError: (error) => {
            errors.push(error);
          },
        },
        async (events) => {
          for (const event of events) {
            if (event.stream !== stream) continue;
            handled.push(event.revision);
            if (event.revision === 1) throw failure;
          }
        },
      );
      await store().append(stream, newEvents('E', 3), 'no_stream');
      await waitUntil(() => errors.length > 0, 'onError');
      await store().append(stream, [newEvent('Later')], 2);
      await pause(QUIET_PERIOD_MS);
      await stopAll();

      expect(errors).toEqual([failure]);
      expect(handled).toEqual([0, 1]);
    });
  });
}

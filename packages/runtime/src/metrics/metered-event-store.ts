/** An event store that counts every call and times every append for the metrics, and otherwise is the store it wraps. */
import { WrongExpectedRevisionError, type EventStore } from '@passes/event-store';
import type { AppendOutcome, Metrics } from './metrics';

function outcomeOf(error: unknown): AppendOutcome {
  return error instanceof WrongExpectedRevisionError ? 'conflict' : 'failed';
}

export function meteredEventStore(store: EventStore, metrics: Metrics): EventStore {
  return {
    async append(stream, events, expected) {
      metrics.eventStoreCalled('append');
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      try {
        const result = await store.append(stream, events, expected);
        metrics.appendTimed(seconds(), 'appended');
        return result;
      } catch (error) {
        metrics.appendTimed(seconds(), outcomeOf(error));
        throw error;
      }
    },
    readStream: (stream, options) => {
      metrics.eventStoreCalled('readStream');
      return store.readStream(stream, options);
    },
    readAll: (options) => {
      metrics.eventStoreCalled('readAll');
      return store.readAll(options);
    },
    subscribeToAll: (options, handler) => {
      metrics.eventStoreCalled('subscribeToAll');
      return store.subscribeToAll(options, handler);
    },
    headPosition: () => {
      metrics.eventStoreCalled('headPosition');
      return store.headPosition();
    },
    countBetween: (after, upTo, limit) => {
      metrics.eventStoreCalled('countBetween');
      return store.countBetween(after, upTo, limit);
    },
    close: () => store.close(),
  };
}

import type { ExpectedRevision } from '../event-store';

type ActualRevision = number | 'no_stream';

/** Whether a stream whose current revision is `actual` may be appended to under `expected`. */
export function expectationHolds(expected: ExpectedRevision, actual: ActualRevision): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
}

/**
 * Whether events already stored from `firstRevision` on could have been written by an append made
 * under `expected`: the test EventStoreDB applies to treat a repeated append as a retry.
 */
export function couldHaveBeenWrittenUnder(expected: ExpectedRevision, firstRevision: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return firstRevision === 0;
    case 'stream_exists':
      return firstRevision > 0;
    default:
      return firstRevision === expected + 1;
  }
}

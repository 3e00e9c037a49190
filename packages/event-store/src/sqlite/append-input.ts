import { v7 as uuidv7 } from 'uuid';
import type { ExpectedRevision, NewEvent } from '../event-store';

/** An event ready to insert: serialised outside the write lock to keep the lock short. */
export interface PreparedEvent {
  id: string;
  idGivenByCaller: boolean;
  type: string;
  data: string;
  metadata: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rejects what EventStoreDB would reject, so the embedded profile cannot accept what the distributed one refuses. */
export function prepareAppend(
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): PreparedEvent[] {
  if (stream.length === 0) throw new Error('Stream name must not be empty');
  if (events.length === 0) throw new Error(`Append to ${stream}: no events given`);
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`Append to ${stream}: expected revision ${expected} is not a non-negative integer`);
  }
  return events.map((event) => {
    if (event.id !== undefined && !UUID.test(event.id)) {
      throw new Error(`Append to ${stream}: event id ${event.id} is not a UUID`);
    }
    return {
      // EventStoreDB stores ids as binary UUIDs and hands them back in lower case. A new id is time-ordered
      // (version 7), so the unique index on ids grows at its end instead of taking a write at a random page
      // for every event: a commit writes less log, and its fsync is shorter for it.
      id: event.id?.toLowerCase() ?? uuidv7(),
      idGivenByCaller: event.id !== undefined,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata),
    };
  });
}

import { dataFrom, metadataFrom } from '../envelope';
import type { EventMetadata, RecordedEvent } from '../event-store';
import { type Position, positionOfInteger } from '../position';

/**
 * One row of the events table as selected through EVENT_COLUMNS, in their order. Statements that read
 * events return rows as arrays (better-sqlite3's raw mode): building an object with named keys for every
 * row cost more than reading the row.
 */
export type EventRow = [position: number, id: string, stream: string, revision: number, type: string, data: string, metadata: string, created_at: string];

export const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, created_at';

export function toRecordedEvent([position, id, stream, revision, type, data, metadata, created_at]: EventRow): RecordedEvent {
  return new StoredEvent(id, stream, revision, positionOfInteger(position), type, dataFrom(id, JSON.parse(data)), metadataFrom(id, JSON.parse(metadata)), created_at);
}

/**
 * An event read back. Made by a class rather than an object literal: once most of a literal's objects
 * outlive a young-generation collection (a follower's page can), V8 allocates that literal's objects in the
 * old generation from then on, and an event born there keeps its parsed data from dying young, for every
 * later reader (an export's pages) too, until a full collection.
 */
class StoredEvent implements RecordedEvent {
  constructor(
    readonly id: string,
    readonly stream: string,
    readonly revision: number,
    readonly position: Position,
    readonly type: string,
    readonly data: Readonly<Record<string, unknown>>,
    readonly metadata: Readonly<EventMetadata>,
    readonly created_at: string,
  ) {}
}

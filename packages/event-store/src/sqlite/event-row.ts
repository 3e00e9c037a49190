import { dataFrom, metadataFrom } from '../envelope';
import type { RecordedEvent } from '../event-store';
import { positionOfInteger } from '../position';

/**
 * One row of the events table as selected through EVENT_COLUMNS, in their order. Statements that read
 * events return rows as arrays (better-sqlite3's raw mode): building an object with named keys for every
 * row cost more than reading the row.
 */
export type EventRow = [position: number, id: string, stream: string, revision: number, type: string, data: string, metadata: string, created_at: string];

export const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, created_at';

export function toRecordedEvent([position, id, stream, revision, type, data, metadata, created_at]: EventRow): RecordedEvent {
  return {
    id,
    stream,
    revision,
    position: positionOfInteger(position),
    type,
    data: dataFrom(id, JSON.parse(data)),
    metadata: metadataFrom(id, JSON.parse(metadata)),
    created_at,
  };
}

import { dataFrom, metadataFrom } from '../envelope';
import type { RecordedEvent } from '../event-store';
import { positionOfInteger } from '../position';

/** One row of the events table, selected through EVENT_COLUMNS. */
export interface EventRow {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  created_at: string;
}

export const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, created_at';

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    stream: row.stream,
    revision: row.revision,
    position: positionOfInteger(row.position),
    type: row.type,
    data: dataFrom(row.id, JSON.parse(row.data)),
    metadata: metadataFrom(row.id, JSON.parse(row.metadata)),
    created_at: row.created_at,
  };
}

import type { EventMetadata, RecordedEvent } from '../event-store';

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
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    created_at: row.created_at,
  };
}

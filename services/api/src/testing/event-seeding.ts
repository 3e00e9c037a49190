/**
 * Writes events straight into a data directory's event store, as another process on the same file
 * would: for tests that need a long history faster than the API would build it.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { passEvents, schemaVersionOf, streamNames, type PassEvent } from '@passes/domain';
import { SqliteEventStore, type NewEvent } from '@passes/event-store';

const BATCH = 500;

function newEvent(event: PassEvent, businessId: string): NewEvent {
  return {
    type: event.type,
    data: { ...event.data },
    metadata: { correlation_id: randomUUID(), causation_id: null, business_id: businessId, actor: 'test:seeding', schema_version: schemaVersionOf(passEvents, event.type) },
  };
}

/** Appends `count` single stamps to a pass that has `stampsSoFar` of them, occurred and recorded at `at`. */
export async function appendStamps(dataDir: string, businessId: string, passId: string, stampsSoFar: number, count: number, at: Date): Promise<void> {
  const store = SqliteEventStore.open(path.join(dataDir, 'events.sqlite'), { now: () => at });
  try {
    const stream = streamNames.pass(passId);
    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done);
      const events = Array.from({ length: size }, (_, index) =>
        newEvent({ type: 'PassStamped', data: { count: 1, stamps: stampsSoFar + done + index + 1, occurred_at: at.toISOString() } }, businessId),
      );
      await store.append(stream, events, 'stream_exists');
    }
  } finally {
    await store.close();
  }
}

/** Appends pass events as another process would (a wallet's registrations, say), recorded at `at`. */
export async function appendPassEvents(dataDir: string, businessId: string, passId: string, events: readonly PassEvent[], at: Date): Promise<void> {
  const store = SqliteEventStore.open(path.join(dataDir, 'events.sqlite'), { now: () => at });
  try {
    await store.append(streamNames.pass(passId), events.map((event) => newEvent(event, businessId)), 'stream_exists');
  } finally {
    await store.close();
  }
}

/**
 * One projection alone on a fresh SQLite read store, as the live projector runs it (`projectBatch`, then a
 * commit, a batch at a time): the CPU this process spends on a load's events, split into the fold (loading
 * the documents the batch touches, applying the events, naming the keys) and the commit (SQLite's writes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordedEvent } from '@passes/event-store';
import { SqliteDocumentStore, projectBatch, type DocumentStore, type GenerationRef, type Projection } from '@passes/read-model';

export interface ProjectionCost {
  /** Events of the load the projection takes in. */
  events: number;
  /** CPU microseconds over the load. */
  foldMicros: number;
  commitMicros: number;
}

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function projectAll(store: DocumentStore, target: GenerationRef, projection: Projection, events: readonly RecordedEvent[], batch: number, cost?: ProjectionCost): Promise<void> {
  for (let start = 0; start < events.length; start += batch) {
    const slice = events.slice(start, start + batch);
    const last = slice.at(-1);
    if (last === undefined) continue;
    const folding = cpuMicros();
    const writes = await projectBatch(store, target, projection, slice);
    const committing = cpuMicros();
    await store.commit([{ target, writes }], last.position);
    if (cost !== undefined) {
      cost.foldMicros += committing - folding;
      cost.commitMicros += cpuMicros() - committing;
    }
  }
}

/** `before` projected unmeasured (what the load's events find stored), then `load` measured. */
export async function timeProjection(projection: Projection, before: readonly RecordedEvent[], load: readonly RecordedEvent[], batch: number): Promise<ProjectionCost> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-projection-cost-'));
  const store = SqliteDocumentStore.open(path.join(dir, 'read.sqlite'));
  try {
    const { generation } = await store.createGeneration({ collection: projection.collection, version: projection.version, indexes: projection.indexes }, 'live', new Date());
    const target = { collection: projection.collection, generation };
    await projectAll(store, target, projection, before, batch);
    const cost: ProjectionCost = { events: load.filter((event) => projection.eventTypes.has(event.type)).length, foldMicros: 0, commitMicros: 0 };
    await projectAll(store, target, projection, load, batch, cost);
    return cost;
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

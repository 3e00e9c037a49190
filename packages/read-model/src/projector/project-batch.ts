/**
 * Applies a batch of events to one generation of one projection: loads every document the batch
 * touches in one call, folds the events over them in order, and returns one write per document. An
 * event the document already reflects is skipped (`revisionAfter`), so replaying a batch changes nothing.
 * A document whose first event here starts it (`startsDocument`: an issued pass) is not looked for.
 */
import type { RecordedEvent } from '@passes/event-store';
import type { DocumentStore, DocumentWrite, GenerationRef, StoredDocument } from '../document-store';
import type { Projection } from '../projections/projection';

export async function projectBatch(
  store: DocumentStore,
  target: GenerationRef,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<DocumentWrite[]> {
  const relevant = events.filter((event) => projection.eventTypes.has(event.type));
  if (relevant.length === 0) return [];
  const firstEvents = new Map<string, RecordedEvent>();
  for (const event of relevant) {
    const id = projection.documentId(event);
    if (!firstEvents.has(id)) firstEvents.set(id, event);
  }
  const toLoad = [...firstEvents].filter(([, first]) => !projection.startsDocument(first)).map(([id]) => id);
  const documents = toLoad.length === 0 ? new Map<string, StoredDocument<unknown>>() : await store.load(target, toLoad);
  const changed = new Map<string, StoredDocument<unknown>>();
  for (const event of relevant) {
    const id = projection.documentId(event);
    const current = changed.get(id) ?? documents.get(id);
    const revision = projection.revisionAfter(current, event);
    if (revision === null) continue;
    changed.set(id, { id, revision, doc: projection.apply(current?.doc ?? null, event) });
  }
  return [...changed.values()].map(({ id, revision, doc }) => ({
    id,
    revision,
    doc,
    keys: doc === null ? {} : projection.keys(doc),
    isNew: !documents.has(id),
  }));
}

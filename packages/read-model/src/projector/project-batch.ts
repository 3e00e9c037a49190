/**
 * Applies a batch of events to one generation of one projection: loads every document the batch
 * touches in one call, folds the events over them in order, and returns one write per document. An
 * event the document already reflects is skipped (`revisionAfter`), so replaying a batch changes nothing;
 * a document an event leaves as it is (`apply` gives the same object back) is not written.
 * A document whose first event here starts it (`startsDocument`: an issued pass) is not looked for.
 * Documents an event changes besides its own (`derivedWrites`) are loaded once their ids are known, and
 * written before the documents they derive from (see `derivedFirst`).
 */
import type { RecordedEvent } from '@passes/event-store';
import type { DocumentStore, DocumentWrite, GenerationRef, StoredDocument } from '../document-store';
import type { DerivedWrite, Projection } from '../projections/projection';
import type { WordKeys } from '../word-keys';

export async function projectBatch(
  store: Pick<DocumentStore, 'load'>,
  target: GenerationRef,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<DocumentWrite[]> {
  return projectEvents(store, target, projection, events.filter((event) => projection.eventTypes.has(event.type)));
}

/** projectBatch of events all of the projection's types, for a caller that picked them out already. */
export async function projectEvents(
  store: Pick<DocumentStore, 'load'>,
  target: GenerationRef,
  projection: Projection,
  relevant: readonly RecordedEvent[],
): Promise<DocumentWrite[]> {
  if (relevant.length === 0) return [];
  const firstEvents = new Map<string, RecordedEvent>();
  for (const event of relevant) {
    const id = projection.documentId(event);
    if (!firstEvents.has(id)) firstEvents.set(id, event);
  }
  const toLoad = [...firstEvents].filter(([, first]) => !projection.startsDocument(first)).map(([id]) => id);
  const documents = toLoad.length === 0 ? new Map<string, StoredDocument<unknown>>() : await store.load(target, toLoad);
  const changed = new Map<string, StoredDocument<unknown>>();
  const derived: DerivedWrite<unknown>[] = [];
  for (const event of relevant) {
    const id = projection.documentId(event);
    const current = changed.get(id) ?? documents.get(id);
    const revision = projection.revisionAfter(current, event);
    if (revision === null) continue;
    const before = current?.doc ?? null;
    const after = projection.apply(before, event);
    if (projection.derivedWrites) derived.push(...projection.derivedWrites(before, after, event));
    // The same object back: the event changes nothing of a stored document, which keeps the revision of the
    // last event that did. Were the event replayed, it would change nothing again.
    if (after === before && current !== undefined) continue;
    changed.set(id, { id, revision, doc: after });
  }
  const derivedChanged = await applyDerived(store, target, derived, changed, documents);
  const writeOf = (loaded: ReadonlyMap<string, StoredDocument<unknown>>) => ({ id, revision, doc }: StoredDocument<unknown>): DocumentWrite => ({
    id,
    revision,
    doc,
    keys: doc === null ? {} : projection.keys(doc),
    ...(doc === null || projection.words === undefined ? {} : { words: wordsOf(projection.words(doc)) }),
    isNew: !loaded.has(id),
  });
  return [...[...derivedChanged.changed.values()].map(writeOf(derivedChanged.loaded)), ...[...changed.values()].map(writeOf(documents))];
}

/** The words given for each index, without the indexes given none. */
function wordsOf(words: Partial<Record<string, WordKeys>>): Record<string, WordKeys> {
  return Object.fromEntries(Object.entries(words).flatMap(([index, given]) => (given === undefined ? [] : [[index, given] as const])));
}

/**
 * Folds the derived changes, in the order of their events, over the derived documents as stored. They
 * come first among the batch's writes: were a store to keep only some of a batch's writes (one without
 * transactions, crashing midway), the events replayed would find their own documents not yet taken in
 * and derive again, which each derived document, remembering what it took in, ignores.
 */
async function applyDerived(
  store: Pick<DocumentStore, 'load'>,
  target: GenerationRef,
  derived: readonly DerivedWrite<unknown>[],
  own: ReadonlyMap<string, StoredDocument<unknown>>,
  ownLoaded: ReadonlyMap<string, StoredDocument<unknown>>,
): Promise<{ changed: Map<string, StoredDocument<unknown>>; loaded: ReadonlyMap<string, StoredDocument<unknown>> }> {
  const changed = new Map<string, StoredDocument<unknown>>();
  if (derived.length === 0) return { changed, loaded: new Map() };
  const ids = [...new Set(derived.map(({ id }) => id))];
  if (ids.some((id) => own.has(id) || ownLoaded.has(id))) throw new Error('A derived document is also a document events change directly');
  const loaded = await store.load(target, ids);
  for (const write of derived) {
    const current = changed.get(write.id) ?? loaded.get(write.id);
    const doc = write.apply(current?.doc ?? null);
    if (doc === null) continue;
    changed.set(write.id, { id: write.id, revision: (current?.revision ?? -1) + 1, doc });
  }
  return { changed, loaded };
}

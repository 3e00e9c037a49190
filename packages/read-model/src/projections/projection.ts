/**
 * A projection is pure: it turns (document | null, event) into the next document, and names the
 * lookup keys of a document. Any read-store adapter can run it.
 */
import type { RecordedEvent } from '@passes/event-store';
import type { z } from 'zod';
import type { StoredDocument } from '../document-store';
import type { WordKeys } from '../word-keys';

export interface Projection<Doc = unknown, Index extends string = string> {
  /** The collection its documents live in; also the projection's name. */
  collection: string;
  /**
   * Bumped whenever what the projection makes of events changes (a new field, a new key). Documents
   * built by another version are rebuilt into a new generation while the old one keeps serving.
   */
  version: number;
  /**
   * The shape of its documents: what every document read from storage is checked against (ReadModel),
   * and, with the indexes, what the recorded fingerprint of each version is made of
   * (projection-versions.unit.spec.ts), so a changed shape without a new version fails a test. While a
   * rebuild runs, the old version's documents are still read through it: a field added gets a
   * `.default()`, and documents as each version stored them are read through it by
   * stored-documents.unit.spec.ts.
   */
  schema: z.ZodType<Doc>;
  /** The index names `keys` may use. */
  indexes: readonly Index[];
  eventTypes: ReadonlySet<string>;
  documentId(event: RecordedEvent): string;
  /**
   * The revision the document takes from the event, or null when the stored document already reflects
   * it: replays (a batch written again after a crash before its checkpoint) must change nothing.
   */
  revisionAfter(current: StoredDocument<Doc | null> | undefined, event: RecordedEvent): number | null;
  /**
   * Whether the event is the first its document is made of (a stream's first event, for a document per
   * stream), so that nothing stored can come before it: the projector applies it to no document without
   * looking for one. A document stored from this very event before (a batch written again after a crash)
   * is the store's revision guard's to keep.
   */
  startsDocument(event: RecordedEvent): boolean;
  /**
   * The document after the event; the very object given when the event changes nothing of it, which is
   * then not written (the document keeps the revision of the last event that changed it).
   */
  apply(doc: Doc | null, event: RecordedEvent): Doc | null;
  /**
   * Other documents of the collection the event changes, given its own document before and after it:
   * counts kept beside the per-stream facts they depend on (analytics). Asked only for an event its own
   * document has not taken in by its revision; one that left the document as it was is asked again when
   * replayed, so each derived document remembers what it took in (DerivedWrite).
   */
  derivedWrites?(before: Doc | null, after: Doc | null, event: RecordedEvent): readonly DerivedWrite<Doc>[];
  keys(doc: Doc): Record<Index, string[]>;
  /** Words the document is found by the beginnings of, by index (word-keys.ts); none when absent. */
  words?(doc: Doc): Partial<Record<Index, WordKeys>>;
  /**
   * The stored object as its document, when this process's `apply` made it and it needs no check against
   * the schema: the embedded store keeps the projector's own objects after its commits, which readers then
   * meet. Undefined for anything else (a document read from storage, one of another process).
   */
  madeHere?(stored: object): Doc | undefined;
  /** Tells the projection that a stored object passed its schema, so that what `apply` makes of it is known to `madeHere` too. */
  passedCheck?(stored: object): void;
}

/** A change an event makes to another document of its projection's collection. */
export interface DerivedWrite<Doc> {
  id: string;
  /**
   * The document after the change, or null when the document already reflects the event: each derived
   * document remembers what it took in, since a crash can store it without the event's own document.
   */
  apply(doc: Doc | null): Doc | null;
}

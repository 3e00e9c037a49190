/**
 * A read model as its readers see it: one collection's live documents, of the type its projection makes,
 * looked up by the indexes it declares. The store hands documents out untyped; here each is checked
 * against the projection's schema before anyone reads it, so a reader never names a type of its own.
 */
import type { Position } from '@passes/event-store';
import { z } from 'zod';
import { deepFreeze } from '../deep-freeze';
import type { DocumentStore, PageOrder, PageReading } from '../document-store';
import { leastCheckpoint } from '../projector/checkpoint-waiter';
import type { Projection } from '../projections/projection';
import type { LookupKey } from '../word-keys';

export class ReadModel<Doc, Index extends string> {
  readonly collection: string;
  private readonly schema: z.ZodType<Doc>;
  private readonly madeHere: ((stored: object) => Doc | undefined) | undefined;
  private readonly passedCheck: ((stored: object) => void) | undefined;
  /**
   * Each stored document as checked, by the object the store gave. The embedded store gives the same frozen
   * object for as long as it keeps a document (DocumentStore.get), so a document is checked once as it
   * enters that store's cache rather than on every read, the pass `get` of most requests included; the
   * document checked is the same object each time too, which what readers keep beside a document relies on.
   * MongoDB's documents are new objects each read, checked each time, next to a network round trip.
   */
  private readonly checked = new WeakMap<object, Doc>();

  constructor(
    private readonly documents: DocumentStore,
    projection: Pick<Projection<Doc, Index>, 'collection' | 'schema' | 'indexes' | 'madeHere' | 'passedCheck'>,
  ) {
    this.collection = projection.collection;
    this.schema = projection.schema;
    this.madeHere = projection.madeHere;
    this.passedCheck = projection.passedCheck;
  }

  /** The live document, or null (also for a removed one). */
  async get(id: string): Promise<Doc | null> {
    const stored = await this.documents.get(this.collection, id);
    return stored === null ? null : this.checkedDocument(stored.doc, `'${id}'`);
  }

  /** The live documents of these ids, by id, in one read of the store; `reading` as DocumentStore.getMany. */
  async getMany(ids: readonly string[], reading: PageReading): Promise<Map<string, Doc>> {
    const found = await this.documents.getMany(this.collection, ids, reading);
    // Checked, as a page is, without being remembered when read in passing.
    return new Map([...found].map(([id, stored]) => [id, this.checkedDocument(stored.doc, `'${id}'`, reading === 'kept')]));
  }

  /** Live documents whose `index` holds `key`, in the order they were first written; at most `limit`. */
  async find(index: Index, key: string, limit?: number): Promise<Doc[]> {
    const found = await this.documents.find(this.collection, index, key, limit);
    return found.map((doc) => this.checkedDocument(doc, `found by ${index}`));
  }

  /** A page of what `find` finds, from a previous page's `next` (null: the first), and where the next one starts; `order` and `reading` as DocumentStore.findPage. */
  async findPage(index: Index, key: LookupKey, after: string | null, limit: number, order?: PageOrder, reading: PageReading = 'kept'): Promise<{ docs: Doc[]; next: string | null }> {
    const page = await this.documents.findPage(this.collection, index, key, after, limit, order, reading);
    // A document read in passing is never given again, so it is checked but not remembered: remembered, it
    // would reach the heap's old generation, to wait there for a full collection.
    return { docs: page.docs.map((doc) => this.checkedDocument(doc, `found by ${index}`, reading === 'kept')), next: page.next };
  }

  /** How many live documents' `index` holds `key`; at most `limit` (DocumentStore.count). */
  count(index: Index, key: LookupKey, limit?: number): Promise<number> {
    return this.documents.count(this.collection, index, key, limit);
  }

  /** How far into the feed the live documents reflect; null before the first event, or before there are any. */
  async checkpoint(): Promise<Position | null> {
    return leastCheckpoint(await this.documents.collections(), [this.collection]);
  }

  private checkedDocument(stored: unknown, which: string, remembered = true): Doc {
    const isObject = typeof stored === 'object' && stored !== null;
    const known = isObject ? this.checked.get(stored) : undefined;
    if (known !== undefined) return known;
    // A document the projector in this process has just written (the pass a stamp changed) is its own object:
    // shared as it is, frozen as the store's copies are (at once when the store froze it already).
    const made = isObject ? this.madeHere?.(stored) : undefined;
    if (made !== undefined) return deepFreeze(made);
    const parsed = this.schema.safeParse(stored);
    if (!parsed.success) {
      throw new Error(`The ${this.collection} document ${which} is not what its projection makes:\n${z.prettifyError(parsed.error)}`);
    }
    // Shared by every reader of the kept document, as the store's own copy is.
    const doc = deepFreeze(parsed.data);
    if (isObject && remembered) {
      this.checked.set(stored, doc);
      // The projector in this process folds its next event onto this very object (the store keeps it).
      this.passedCheck?.(stored);
    }
    return doc;
  }
}

/**
 * The read-store port: documents in named collections, each remembering the revision of the stream it
 * reflects, findable by the lookup keys its projection declares. Adapters: SQLite (embedded), MongoDB.
 *
 * A collection's documents live in generations (DESIGN §7): the live one answers queries, and a rebuild
 * fills the next one from the start of the event store beside it, until one atomic promotion makes it
 * live. Each generation has its own checkpoint. Only the projector that holds the lease writes.
 */
import type { Position } from '@passes/event-store';
import type { LookupKey, WordKeys } from './word-keys';

export interface StoredDocument<Doc> {
  id: string;
  /** Revision of the source stream this document reflects; older events are ignored. */
  revision: number;
  doc: Doc;
}

/** One document change produced by projecting events. `doc: null` removes the document (its revision stays, so an older event cannot bring it back). */
export interface DocumentWrite {
  id: string;
  revision: number;
  doc: unknown;
  /** Lookup keys by index name; replaces the document's previous keys. */
  keys: Readonly<Record<string, readonly string[]>>;
  /** Words by index name, the document found by their beginnings (word-keys.ts); replaces its previous words. */
  words?: Readonly<Record<string, WordKeys>>;
  /**
   * No document, not even a removed one, was found when the write was made, or none was looked for (the
   * event starts its document: Projection.startsDocument): an adapter may insert it rather than look for
   * it, and still owes the revision guard when one is stored after all.
   */
  isNew: boolean;
}

/** One generation of one collection. */
export interface GenerationRef {
  collection: string;
  generation: number;
}

export interface Generation {
  generation: number;
  /** The version of the projection code that builds it. */
  version: number;
  /** How far into the event feed it reflects; `null` before the first event. */
  checkpoint: Position | null;
}

export interface CollectionState {
  collection: string;
  /** Answers queries; `null` until the collection's first generation exists. */
  live: Generation | null;
  /** Being built beside the live one, to replace it. */
  next: (Generation & { requestedAt: string }) | null;
  /** Replaced generations waiting to be dropped. */
  retired: readonly number[];
}

/** What a generation holds and how its documents are looked up. */
export interface CollectionShape {
  collection: string;
  version: number;
  /** Index names the documents' keys may use. */
  indexes: readonly string[];
}

/** The writes of one commit into one generation. */
export interface GenerationWrites {
  target: GenerationRef;
  writes: readonly DocumentWrite[];
}

export interface DocumentPage {
  docs: unknown[];
  next: string | null;
}

/** The order `findPage` gives a key's documents in, by when each was first written. */
export type PageOrder = 'oldest-first' | 'newest-first';

/**
 * How a page's documents (or `getMany`'s) are read: `kept` as `get` keeps them (a list read again and again: its documents
 * are served from memory), `in-passing` read once and not kept (an export, a sweep, a campaign's audience:
 * kept, each would wait in the heap's old generation for a full collection).
 */
export type PageReading = 'kept' | 'in-passing';

export interface DocumentStore {
  /**
   * The collection's live document, or null (also for a removed one), as stored: untyped, since only its
   * projection knows its shape (ReadModel checks it). A document given out is never changed afterwards; a
   * store may give the same object again for as long as the document is unchanged.
   */
  get(collection: string, id: string): Promise<StoredDocument<unknown> | null>;
  /**
   * The live documents of these ids, by id, as `get` gives them, in one read of the store; an absent or
   * removed one is left out. `reading` as PageReading says: in passing, a copy the store keeps of the same
   * revision is still served, and nothing read is kept.
   */
  getMany(collection: string, ids: readonly string[], reading: PageReading): Promise<Map<string, StoredDocument<unknown>>>;
  /** Live documents whose `index` holds `key`, in the order they were first written, as `get` gives them. */
  find(collection: string, index: string, key: string, limit?: number): Promise<unknown[]>;
  /**
   * A page of `find`: up to `limit` live documents after `after` (a page's `next`; null for the first),
   * and where the next page starts (null after the last). A cursor is good within one generation.
   * `order` newest first pages the key backwards, from the document written last: a document first written
   * while paging then comes in no later page (oldest first, in the last). A cursor of the other order
   * is refused with a RangeError. `reading` as PageReading says (kept by default). `key` may be a beginning
   * of the documents' words.
   */
  findPage(collection: string, index: string, key: LookupKey, after: string | null, limit: number, order?: PageOrder, reading?: PageReading): Promise<DocumentPage>;
  /**
   * How many live documents' `index` holds `key`; given `limit`, counted no further than that, from the index
   * alone (how rare a key is, told without reading its documents). `key` may be a beginning of the documents' words.
   */
  count(collection: string, index: string, key: LookupKey, limit?: number): Promise<number>;

  /**
   * Up to `limit` live documents after the id `after` (null for the first), in the order of their ids as the
   * store sorts them, read in passing; removed ones left out. What an auditor walks a whole collection by.
   */
  scan(collection: string, after: string | null, limit: number): Promise<StoredDocument<unknown>[]>;

  /** Every collection that has a generation, live or being built. */
  collections(): Promise<CollectionState[]>;
  /**
   * Creates an empty generation: the live one when the collection has none, or the next one when
   * `as` is `next`. Throws GenerationConflictError when that place is already taken. Its number is
   * greater than any the collection's generations were given before, dropped ones included.
   */
  createGeneration(shape: CollectionShape, as: 'live' | 'next', requestedAt: Date): Promise<Generation>;
  /** Documents of one generation by id, removed ones included (as `doc: null`), for a projector to build on. */
  load(target: GenerationRef, ids: readonly string[]): Promise<Map<string, StoredDocument<unknown>>>;
  /**
   * Writes documents into generations and moves each generation's checkpoint to `position`. A write
   * whose revision is not newer than the stored document's is ignored, so replaying events is harmless.
   * All or nothing where the adapter can; otherwise documents first, checkpoints last. The documents
   * written are the store's afterwards: it may keep them (frozen) for later reads.
   */
  commit(batch: readonly GenerationWrites[], position: Position): Promise<void>;
  /** Makes the next generation live in one atomic step; the previous live one is retired. */
  promote(collection: string, generation: number): Promise<void>;
  /**
   * Removes a retired generation, or an abandoned next one, and its documents. It may take a while: an
   * adapter with one write lock holds it a page of documents at a time, so others' commits go on meanwhile.
   * Once `signal` is aborted it may stop between pages, leaving the generation retired: a projector that
   * takes over drops every retired generation.
   */
  drop(target: GenerationRef, signal?: AbortSignal): Promise<void>;

  /**
   * Takes or renews the named lease for `holder` until `now + ttlMs`. False while another holder's
   * lease runs, unless `isStale` says that holder is gone.
   */
  acquireLease(name: string, holder: string, now: Date, ttlMs: number, isStale: (holder: string) => boolean): Promise<boolean>;
  releaseLease(name: string, holder: string): Promise<void>;
  /** Who holds the named lease and until when, if anyone. */
  leaseHolder(name: string): Promise<{ holder: string; until: Date } | null>;
  close(): Promise<void>;
}

export class GenerationConflictError extends Error {
  constructor(
    readonly collection: string,
    readonly place: 'live' | 'next',
  ) {
    super(`Collection ${collection} already has a ${place} generation`);
    this.name = 'GenerationConflictError';
  }
}

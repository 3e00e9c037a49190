/**
 * The read-store port: documents in named collections, each remembering the revision of the stream it
 * reflects, findable by the lookup keys its projection declares. Adapters: SQLite (embedded), MongoDB.
 */

export interface StoredDocument<Doc> {
  id: string;
  /** Revision of the source stream this document reflects; older events are ignored. */
  revision: number;
  doc: Doc;
}

/** One document change produced by projecting one event. `doc: null` deletes the document. */
export interface DocumentWrite {
  collection: string;
  id: string;
  revision: number;
  doc: unknown;
  /** Lookup keys by index name; replaces the document's previous keys. */
  keys: Readonly<Record<string, readonly string[]>>;
}

export interface DocumentStore {
  get<Doc>(collection: string, id: string): Promise<StoredDocument<Doc> | null>;
  /** Documents whose `index` holds `key`, in the order they were first written. */
  find<Doc>(collection: string, index: string, key: string, limit?: number): Promise<Doc[]>;
  /** How many documents' `index` holds `key`. */
  count(collection: string, index: string, key: string): Promise<number>;
  /** Applies the writes and moves the named checkpoint to `position`, all or nothing. */
  commit(writes: readonly DocumentWrite[], checkpoint: { name: string; position: number }): Promise<void>;
  /** Global position the named checkpoint has reached, 0 when it has none. */
  checkpoint(name: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * The tables of one generation of one collection (documents, their lookup keys, each document's set of
 * keys, and their words), with their statements prepared once and kept until the generation is dropped. A
 * removed document keeps its row with `doc` NULL, so its revision still guards against older events.
 */
import { hash } from 'node:crypto';
import { BOUND_LIMIT } from '@passes/storage';
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { deepFreeze } from '../deep-freeze';
import type { DocumentPage, DocumentWrite, GenerationRef, PageOrder, PageReading, StoredDocument } from '../document-store';
import { cursorAt, placeOf } from '../page-cursor';
import { keysWithWords, keyTextOf, WORD_BEGINNING_MAX, type LookupKey, type WordBeginning, type WordKeys } from '../word-keys';

interface DocumentRow {
  id: string;
  revision: number;
  doc: string | null;
}

/** A document's rowid in its generation's table: what its lookup keys name. */
type DocumentRowNumber = number | bigint;

/** Documents of one generation kept as read, by id: a few MB of passes, templates and businesses. */
const RECENT_DOCUMENTS = 5_000;

/** Lookups of one generation kept as found, by index and key: the ids they found, a few hundred KB. */
const RECENT_LOOKUPS = 5_000;

/** The largest rowid SQLite gives: newest-first pages start before it. */
const LAST_ROWID = 2n ** 63n - 1n;

/** Collection names become table names, so they are held to a safe shape. */
const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export class GenerationTables {
  /** By collection, then generation: found without naming its tables, which every read and write asks for. */
  private readonly prepared = new Map<string, Map<number, PreparedGeneration>>();
  private readonly tableExists;

  constructor(private readonly db: Database.Database) {
    this.tableExists = db.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?");
  }

  create(target: GenerationRef): void {
    const { documents, lookups, keySets, words } = tableNames(target);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${documents} (id TEXT PRIMARY KEY, revision INTEGER NOT NULL, doc TEXT);
      ${lookupTable(lookups)}
      ${keySetTable(keySets)}
      ${wordTable(words)}
    `);
  }

  drop(target: GenerationRef): void {
    const { documents, lookups, keySets, words } = tableNames(target);
    this.prepared.get(target.collection)?.delete(target.generation);
    this.db.exec(`DROP TABLE IF EXISTS ${words}; DROP TABLE IF EXISTS ${keySets}; DROP TABLE IF EXISTS ${lookups}; DROP TABLE IF EXISTS ${documents};`);
  }

  /**
   * Generations made before lookups named their documents' rows had a table of keys naming document ids
   * (`keys_…`): each becomes a lookup table, once, as the store is opened; on a large store this takes
   * seconds (docs/operations.md, "Start-up and shutdown").
   */
  upgradeKeyTables(): void {
    const keyTables = this.db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'keys_*'").pluck();
    if (keyTables.all().length === 0) return;
    this.db
      .transaction(() => {
        for (const keys of keyTables.all()) {
          const { documents, lookups } = tablesOf(keys, 'keys');
          this.db.exec(`
            ${lookupTable(lookups)}
            INSERT OR IGNORE INTO ${lookups} (index_name, key, doc) SELECT k.index_name, k.key, d.rowid FROM ${keys} k JOIN ${documents} d ON d.id = k.id;
            DROP TABLE ${keys};
          `);
        }
      })
      .immediate();
  }

  /**
   * Generations made before each document's keys were held in a row of their own had an index of their
   * lookup table by document, which a write read its keys from: each gets its table of key sets, made from
   * its lookups, and loses that index, once, as the store is opened (after `upgradeKeyTables`, whose lookup
   * tables it completes). On a large store this takes a while (docs/operations.md, "Start-up and shutdown").
   */
  upgradeKeySets(): void {
    const withoutKeySets = this.db.prepare<[], string>(
      "SELECT l.name FROM sqlite_master l WHERE l.type = 'table' AND l.name GLOB 'lookups_*' AND NOT EXISTS (SELECT 1 FROM sqlite_master k WHERE k.type = 'table' AND k.name = 'keysets_' || substr(l.name, 9))",
    ).pluck();
    if (withoutKeySets.all().length === 0) return;
    this.db
      .transaction(() => {
        for (const lookups of withoutKeySets.all()) {
          const { keySets } = tablesOf(lookups, 'lookups');
          this.db.exec(`
            ${keySetTable(keySets)}
            INSERT INTO ${keySets} (doc, keys)
              SELECT doc, json_group_object(index_name, json(keys)) FROM (SELECT doc, index_name, json_group_array(key) AS keys FROM ${lookups} GROUP BY doc, index_name) GROUP BY doc;
            DROP INDEX IF EXISTS ${lookups}_by_doc;
          `);
        }
      })
      .immediate();
  }

  /**
   * The generation's tables as they are in the file now: undefined when they are gone, also when another
   * connection (the catch-up worker) dropped them after this one prepared them.
   */
  existing(target: GenerationRef): PreparedGeneration | undefined {
    const names = tableNames(target);
    if (this.tableExists.get(names.documents) !== undefined) return this.of(target);
    this.prepared.get(target.collection)?.delete(target.generation);
    return undefined;
  }

  /** The generation's tables, or undefined when it does not exist (never created, or dropped). */
  of(target: GenerationRef): PreparedGeneration | undefined {
    const cached = this.prepared.get(target.collection)?.get(target.generation);
    if (cached !== undefined) return cached;
    const names = tableNames(target);
    if (this.tableExists.get(names.documents) === undefined) return undefined;
    const generation = new PreparedGeneration(this.db, names, this.tableExists.get(names.words) !== undefined);
    const ofCollection = this.prepared.get(target.collection) ?? new Map<number, PreparedGeneration>();
    ofCollection.set(target.generation, generation);
    this.prepared.set(target.collection, ofCollection);
    return generation;
  }
}

/**
 * A document as read or written, and the connection's data_version when it was last known to be current;
 * for one this connection wrote, the key set and words it committed with that revision.
 */
interface KeptDocument {
  stored: StoredDocument<unknown>;
  dataVersion: number;
  indexes?: StoredIndexes;
}

/** Every document a lookup found, in order, as of the connection's data_version then. */
interface KeptLookup {
  ids: readonly string[];
  dataVersion: number;
}

/** A document's key set and words as their rows hold them (null: no row). */
interface StoredIndexes {
  keySet: string | null;
  words: string | null;
}

/** What to remember of a write once its transaction has committed, as of the connection's data_version then. */
export type AfterCommit = (dataVersion: number) => void;

const NOTHING_TO_REMEMBER: AfterCommit = () => {};

/**
 * A generation's statements, and the documents it read lately. A document read is kept (one read in passing
 * is not: passingRead), parsed, and served as it is while this connection's data_version (which the caller reads and passes in) stays where
 * it was; this connection's own writes replace or drop it. Once another connection has committed to the
 * file, a kept document is served again only after its stored revision is read and found unchanged: a
 * revision is written once in a generation's table, and a generation's number is never given twice (the
 * catalog's `last_generations`), so the same revision is the same document. A rebuild's worker commits
 * to the file many times a second, to other tables; each `get` during it then reads a number instead of
 * reading and parsing the whole document again. Kept documents are frozen, since every reader shares them.
 *
 * A lookup is kept the same way: the ids of every document its key found, served again (each document as
 * `get` serves it) while the data_version stays where it was. This connection's writes forget the lookups of
 * every key they add to or take from a document; another connection's commit makes each lookup read anew.
 *
 * A write compares the document's new key set and words with those stored, to change only what moved (a
 * stamp moves none). A kept document this connection wrote keeps the key set and words it committed with its
 * revision, and a write that finds the row still at that revision (its update says so, in the same statement)
 * compares with them instead of reading them: a revision's keys and words are its document's, whoever wrote them.
 */
export class PreparedGeneration {
  private readonly statements;
  /** The statements of the generation's words; null for one made before words tables, which keeps their beginnings as keys. */
  private readonly words;
  private readonly recent = new LRUCache<string, KeptDocument>({ max: RECENT_DOCUMENTS });
  private readonly lookups = new LRUCache<string, KeptLookup>({ max: RECENT_LOOKUPS });

  constructor(db: Database.Database, { documents, lookups, keySets, words }: TableNames, hasWords: boolean) {
    this.words = hasWords
      ? {
          of: db.prepare<[DocumentRowNumber], string>(`SELECT words FROM ${words} WHERE rowid = ?`).pluck(),
          insert: db.prepare<[DocumentRowNumber, string]>(`INSERT INTO ${words} (rowid, words) VALUES (?, ?)`),
          remove: db.prepare<[DocumentRowNumber]>(`DELETE FROM ${words} WHERE rowid = ?`),
          rowsOfPage: db.prepare<[number], number>(`SELECT rowid FROM ${documents} ORDER BY rowid LIMIT ?`).pluck(),
          // The full-text index gives its rows in rowid order, either way: no sort, as with a lookup.
          page: db.prepare<[string, number, number], DocumentRow & { row: number }>(
            `SELECT d.rowid AS row, d.id, d.revision, d.doc FROM ${words} JOIN ${documents} d ON d.rowid = ${words}.rowid
             WHERE ${words} MATCH ? AND ${words}.rowid > ? AND d.doc IS NOT NULL ORDER BY ${words}.rowid LIMIT ?`,
          ),
          pageNewestFirst: db.prepare<[string, number | bigint, number], DocumentRow & { row: number }>(
            `SELECT d.rowid AS row, d.id, d.revision, d.doc FROM ${words} JOIN ${documents} d ON d.rowid = ${words}.rowid
             WHERE ${words} MATCH ? AND ${words}.rowid < ? AND d.doc IS NOT NULL ORDER BY ${words}.rowid DESC LIMIT ?`,
          ),
          // Removed documents have no words: no document row need be read.
          countUpTo: db.prepare<[string, number], number>(`SELECT COUNT(*) FROM (SELECT 1 FROM ${words} WHERE ${words} MATCH ? LIMIT ?)`).pluck(),
        }
      : null;
    this.statements = {
      get: db.prepare<[string], DocumentRow>(`SELECT id, revision, doc FROM ${documents} WHERE id = ?`),
      revision: db.prepare<[string], number>(`SELECT revision FROM ${documents} WHERE id = ?`).pluck(),
      // The ids as one JSON array: one statement whatever their number, each row found by the id index.
      getMany: db.prepare<[string], DocumentRow>(`SELECT id, revision, doc FROM ${documents} WHERE id IN (SELECT value FROM json_each(?))`),
      scan: db.prepare<[string, number], DocumentRow>(`SELECT id, revision, doc FROM ${documents} WHERE id > ? AND doc IS NOT NULL ORDER BY id LIMIT ?`),
      // The lookup table's order is the documents' row order, the order they were first written: no sort.
      find: db.prepare<[string, string, number], DocumentRow>(
        `SELECT d.id, d.revision, d.doc FROM ${lookups} l JOIN ${documents} d ON d.rowid = l.doc
         WHERE l.index_name = ? AND l.key = ? AND d.doc IS NOT NULL ORDER BY l.doc ${BOUND_LIMIT}`,
      ),
      findPage: db.prepare<[string, string, number, number], DocumentRow & { row: number }>(
        `SELECT l.doc AS row, d.id, d.revision, d.doc FROM ${lookups} l JOIN ${documents} d ON d.rowid = l.doc
         WHERE l.index_name = ? AND l.key = ? AND l.doc > ? AND d.doc IS NOT NULL ORDER BY l.doc LIMIT ?`,
      ),
      // Backwards from the row before the given one: the same index, walked the other way.
      findPageNewestFirst: db.prepare<[string, string, number | bigint, number], DocumentRow & { row: number }>(
        `SELECT l.doc AS row, d.id, d.revision, d.doc FROM ${lookups} l JOIN ${documents} d ON d.rowid = l.doc
         WHERE l.index_name = ? AND l.key = ? AND l.doc < ? AND d.doc IS NOT NULL ORDER BY l.doc DESC LIMIT ?`,
      ),
      count: db.prepare<[string, string], { count: number }>(`SELECT COUNT(*) AS count FROM ${lookups} WHERE index_name = ? AND key = ?`),
      // The lookup table alone: removed documents have no keys, so no document row need be read.
      countUpTo: db.prepare<[string, string, number], number>(`SELECT COUNT(*) FROM (SELECT 1 FROM ${lookups} WHERE index_name = ? AND key = ? LIMIT ?)`).pluck(),
      // A new document's: a row stored after all is left to `upsert` and its guard.
      insert: db.prepare<[string, number, string | null]>(`INSERT INTO ${documents} (id, revision, doc) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`),
      // Newer revisions only: a replayed or redelivered event changes nothing. The row of a document it changed.
      upsert: db
        .prepare<[string, number, string | null], DocumentRowNumber>(
          `INSERT INTO ${documents} (id, revision, doc) VALUES (?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, doc = excluded.doc WHERE excluded.revision > ${documents}.revision
           RETURNING rowid`,
        )
        .pluck(),
      // The same, when the row is at the revision kept with its key set and words; the caller guards the order.
      updateFrom: db
        .prepare<[number, string | null, string, number], DocumentRowNumber>(`UPDATE ${documents} SET revision = ?, doc = ? WHERE id = ? AND revision = ? RETURNING rowid`)
        .pluck(),
      keySetOf: db.prepare<[DocumentRowNumber], string>(`SELECT keys FROM ${keySets} WHERE doc = ?`).pluck(),
      setKeySet: db.prepare<[DocumentRowNumber, string]>(`INSERT INTO ${keySets} (doc, keys) VALUES (?, ?) ON CONFLICT (doc) DO UPDATE SET keys = excluded.keys`),
      deleteKeySet: db.prepare<[DocumentRowNumber]>(`DELETE FROM ${keySets} WHERE doc = ?`),
      // A key set's keys, as a key set's text names them: one statement a document, whatever its number of keys.
      addKeys: db.prepare<[DocumentRowNumber, string]>(
        `INSERT OR IGNORE INTO ${lookups} (index_name, key, doc) SELECT i.key, k.value, ? FROM json_each(?) i, json_each(i.value) k`,
      ),
      removeKeys: db.prepare<[DocumentRowNumber, string]>(
        `DELETE FROM ${lookups} WHERE (index_name, key, doc) IN (SELECT i.key, k.value, ? FROM json_each(?) i, json_each(i.value) k)`,
      ),
      // The first rows of the table, their keys first (named by their key sets), then their key sets.
      deleteKeysOfPage: db.prepare<[number]>(
        `DELETE FROM ${lookups} WHERE (index_name, key, doc) IN (SELECT i.key, k.value, s.doc FROM ${keySets} s, json_each(s.keys) i, json_each(i.value) k
         WHERE s.doc IN (SELECT rowid FROM ${documents} ORDER BY rowid LIMIT ?))`,
      ),
      deleteKeySetsOfPage: db.prepare<[number]>(`DELETE FROM ${keySets} WHERE doc IN (SELECT rowid FROM ${documents} ORDER BY rowid LIMIT ?)`),
      deletePage: db.prepare<[number]>(`DELETE FROM ${documents} WHERE rowid IN (SELECT rowid FROM ${documents} ORDER BY rowid LIMIT ?)`),
    };
  }

  /** The document as of `dataVersion`, this connection's PRAGMA data_version as last read. */
  get(id: string, dataVersion: number): StoredDocument<unknown> | undefined {
    const kept = this.recent.get(id);
    if (kept !== undefined && (kept.dataVersion === dataVersion || this.statements.revision.get(id) === kept.stored.revision)) {
      kept.dataVersion = dataVersion;
      return kept.stored;
    }
    const row = this.statements.get.get(id);
    return row === undefined ? undefined : this.keepRead(row, dataVersion);
  }

  /**
   * The documents of these ids as of `dataVersion`, removed and absent ones left out: a kept copy known
   * current is served without a read, the others read by one statement (a kept copy then served when the
   * row is of its revision), and what was read kept or not as `reading` says.
   */
  getMany(ids: readonly string[], reading: PageReading, dataVersion: number): Map<string, StoredDocument<unknown>> {
    const found = new Map<string, StoredDocument<unknown>>();
    const unread: string[] = [];
    for (const id of ids) {
      const kept = this.recent.get(id);
      if (kept?.dataVersion === dataVersion) found.set(id, kept.stored);
      else unread.push(id);
    }
    if (unread.length > 0) {
      for (const row of this.statements.getMany.all(JSON.stringify(unread))) {
        found.set(row.id, reading === 'kept' ? this.keepRead(row, dataVersion) : this.passingRead(row));
      }
    }
    for (const [id, stored] of found) if (stored.doc === null) found.delete(id);
    return found;
  }

  /** Up to `limit` documents after the id `after` (the empty id before every other), in id order, read in passing. */
  scan(after: string, limit: number): StoredDocument<unknown>[] {
    return this.statements.scan.all(after, limit).map((row) => this.passingRead(row));
  }

  /** Up to `limit` (a positive number) documents the key finds, in the order they were first written. */
  find(index: string, key: string, limit: number, dataVersion: number): unknown[] {
    const lookup = keyText([index, key]);
    const kept = this.lookups.get(lookup);
    if (kept !== undefined && kept.dataVersion === dataVersion) {
      const docs = kept.ids.slice(0, limit).map((id) => this.get(id, dataVersion)?.doc);
      // Writes that remove a document forget its keys' lookups; should one not have, the key is read anew.
      if (docs.every((doc) => doc !== undefined && doc !== null)) return docs;
    }
    // One row more than asked for: fewer rows are every document the key finds, a lookup worth keeping.
    const rows = this.statements.find.all(index, key, limit + 1);
    if (rows.length <= limit) this.lookups.set(lookup, { ids: rows.map((row) => row.id), dataVersion });
    return rows.slice(0, limit).map((row) => this.keepRead(row, dataVersion).doc);
  }

  /** A page of `find` after the row `after` names; the cursor is the last row's number, as text. */
  findPage(index: string, key: LookupKey, after: string | null, limit: number, order: PageOrder, reading: PageReading, dataVersion: number): DocumentPage {
    const from = after === null ? null : Number(placeOf(after, order));
    if (from !== null && (!Number.isSafeInteger(from) || from < 0)) throw new RangeError(`'${after}' is no cursor of this store`);
    const rows = this.pageRows(index, key, from, limit + 1, order);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      docs: page.map((row) => (reading === 'kept' ? this.keepRead(row, dataVersion) : this.passingRead(row)).doc),
      next: rows.length > limit && last !== undefined ? cursorAt(String(last.row), order) : null,
    };
  }

  count(index: string, key: LookupKey, limit?: number): number {
    if (typeof key !== 'string' && this.words !== null) {
      const match = matchOf(index, key);
      return match === null ? 0 : (this.words.countUpTo.get(match, limit ?? -1) ?? 0);
    }
    if (limit !== undefined) return this.statements.countUpTo.get(index, keyTextOf(key), limit) ?? 0;
    return this.statements.count.get(index, keyTextOf(key))?.count ?? 0;
  }

  /**
   * Deletes up to `rows` documents and their keys, inside the caller's transaction, on the way to dropping a
   * generation; false once there were none left.
   */
  deleteRows(rows: number): boolean {
    if (this.words !== null) for (const row of this.words.rowsOfPage.all(rows)) this.words.remove.run(row);
    this.statements.deleteKeysOfPage.run(rows);
    this.statements.deleteKeySetsOfPage.run(rows);
    return this.statements.deletePage.run(rows).changes > 0;
  }

  /**
   * Writes one document inside the caller's transaction. Returns what to remember of it once the transaction
   * has committed: the written document, with its key set and words, when the write dropped a kept copy.
   */
  write(write: DocumentWrite): AfterCommit {
    const doc = write.doc === null ? null : JSON.stringify(write.doc);
    // A generation without a words table keeps the beginnings of words as keys, as it was built.
    const given = this.words === null ? keysWithWords(write.keys, write.words) : write.keys;
    // The key set as its row holds it; a document without keys has no row.
    const keySet = write.doc === null || !hasKeys(given) ? null : JSON.stringify(given);
    const words = write.doc === null || this.words === null || write.words === undefined ? null : wordTextOf(write.words);
    if (write.isNew) {
      const inserted = this.statements.insert.run(write.id, write.revision, doc);
      // Inserted where there was no row: no keys to read or replace, and nothing of it kept.
      if (inserted.changes > 0) {
        if (words !== null) this.words?.insert.run(inserted.lastInsertRowid, words);
        if (keySet !== null) {
          this.statements.addKeys.run(inserted.lastInsertRowid, keySet);
          this.statements.setKeySet.run(inserted.lastInsertRowid, keySet);
          this.forgetLookupsOf(given);
        }
        return NOTHING_TO_REMEMBER;
      }
    }
    const kept = this.recent.peek(write.id);
    const known = kept?.indexes !== undefined && write.revision > kept.stored.revision ? kept : undefined;
    const fromKnown = known === undefined ? undefined : this.statements.updateFrom.get(write.revision, doc, write.id, known.stored.revision);
    const rowid = fromKnown ?? this.statements.upsert.get(write.id, write.revision, doc);
    if (rowid === undefined) return NOTHING_TO_REMEMBER;
    const stored = fromKnown !== undefined ? known?.indexes : undefined;
    const wasKept = this.recent.delete(write.id);
    const storedWords = stored !== undefined ? stored.words : this.words === null ? null : (this.words.of.get(rowid) ?? null);
    if (this.words !== null && storedWords !== words) {
      if (storedWords !== null) this.words.remove.run(rowid);
      if (words !== null) this.words.insert.run(rowid, words);
    }
    // Most writes (a stamp, a charge) keep every key, and the projection names them in the same order:
    // the same text. Otherwise only the keys that changed are taken out and put in.
    const storedSet = stored !== undefined ? stored.keySet : (this.statements.keySetOf.get(rowid) ?? null);
    if (storedSet !== keySet) {
      const keys = keySet === null ? [] : pairsOf(given);
      const storedKeys = storedSet === null ? [] : pairsOf(storedKeySet.parse(JSON.parse(storedSet)));
      const removed = keysMissingFrom(storedKeys, keys);
      const added = keysMissingFrom(keys, storedKeys);
      if (removed.length > 0) this.statements.removeKeys.run(rowid, JSON.stringify(keysByIndex(removed)));
      if (added.length > 0) this.statements.addKeys.run(rowid, JSON.stringify(keysByIndex(added)));
      if (keySet === null) this.statements.deleteKeySet.run(rowid);
      else this.statements.setKeySet.run(rowid, keySet);
      this.forgetLookups([...removed, ...added]);
    }
    if (!wasKept) return NOTHING_TO_REMEMBER;
    // The texts kept before when they are the same: the write's own copies are then garbage at once.
    const indexes = { keySet: storedSet === keySet ? storedSet : keySet, words: storedWords === words ? storedWords : words };
    return (dataVersion) => this.keep(write, dataVersion, indexes);
  }

  /**
   * Keeps a document this connection has committed, as of `dataVersion`: one that requests were reading (the
   * pass a stamp looks up) stays parsed rather than being read again by the next. Only those `write` dropped
   * are kept: a document nobody read lately (a pass just issued) would push out one that is.
   */
  private keep(write: DocumentWrite, dataVersion: number, indexes: StoredIndexes): void {
    this.recent.set(write.id, { stored: deepFreeze({ id: write.id, revision: write.revision, doc: write.doc }), dataVersion, indexes });
  }

  /** Up to `limit` rows `key` finds from the row `from` on (null: the first), in `order`. */
  private pageRows(index: string, key: LookupKey, from: number | null, limit: number, order: PageOrder): (DocumentRow & { row: number })[] {
    if (typeof key !== 'string' && this.words !== null) {
      const match = matchOf(index, key);
      if (match === null) return [];
      return order === 'newest-first' ? this.words.pageNewestFirst.all(match, from ?? LAST_ROWID, limit) : this.words.page.all(match, from ?? 0, limit);
    }
    return order === 'newest-first'
      ? this.statements.findPageNewestFirst.all(index, keyTextOf(key), from ?? LAST_ROWID, limit)
      : this.statements.findPage.all(index, keyTextOf(key), from ?? 0, limit);
  }

  /** The document of a row just read, as kept: the copy kept already when it is of the same revision. */
  private keepRead(row: DocumentRow, dataVersion: number): StoredDocument<unknown> {
    const kept = this.recent.get(row.id);
    if (kept !== undefined && kept.stored.revision === row.revision) {
      kept.dataVersion = dataVersion;
      return kept.stored;
    }
    const stored = storedOf(row);
    this.recent.set(row.id, { stored, dataVersion });
    return stored;
  }

  /**
   * The document of a row read in passing: the copy kept already when it is of the same revision, otherwise
   * parsed and not kept. Such rows are read by scans (a campaign's audience, an export) that pass each document
   * once: kept, each would push out one that requests read, and stay alive long enough to reach the old
   * generation of the heap, where a scan through a million leaves its garbage until a full collection.
   */
  private passingRead(row: DocumentRow): StoredDocument<unknown> {
    const kept = this.recent.get(row.id);
    return kept !== undefined && kept.stored.revision === row.revision ? kept.stored : storedOf(row);
  }

  /** Lookups of keys a write is changing, forgotten: dropping them is right whether or not it commits. */
  private forgetLookups(keys: readonly (readonly [string, string])[]): void {
    if (this.lookups.size === 0) return;
    for (const key of keys) this.lookups.delete(keyText(key));
  }

  /** The lookups of every key of a new document; none to forget (and no key listed) while none is kept. */
  private forgetLookupsOf(keys: Readonly<Record<string, readonly string[]>>): void {
    if (this.lookups.size > 0) this.forgetLookups(pairsOf(keys));
  }
}

/** A row's document, parsed and frozen, since every reader shares it. */
function storedOf(row: DocumentRow): StoredDocument<unknown> {
  return deepFreeze({ id: row.id, revision: row.revision, doc: row.doc === null ? null : (JSON.parse(row.doc) as unknown) });
}

interface TableNames {
  documents: string;
  lookups: string;
  keySets: string;
  words: string;
}

function tableNames({ collection, generation }: GenerationRef): TableNames {
  if (!COLLECTION_NAME.test(collection)) throw new RangeError(`Collection name '${collection}' is not a safe table name`);
  if (!Number.isSafeInteger(generation) || generation < 1) throw new RangeError(`Generation ${generation} is not a positive integer`);
  return { documents: `docs_${collection}_g${generation}`, lookups: `lookups_${collection}_g${generation}`, keySets: `keysets_${collection}_g${generation}`, words: `words_${collection}_g${generation}` };
}

/** The tables of the generation whose table named with `prefix` (`keys`, of the layout before lookup tables; `lookups`) is `table`. */
function tablesOf(table: string, prefix: 'keys' | 'lookups'): TableNames {
  const match = new RegExp(`^${prefix}_(.+)_g(\\d+)$`).exec(table);
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`Table '${table}' is not a generation's ${prefix} table`);
  return tableNames({ collection: match[1], generation: Number(match[2]) });
}

/**
 * Each row a lookup key and the row of the document it finds (its rowid), so a lookup descends this table and
 * then reads the row, rather than going through the documents' id index as well, and meets the documents in
 * the order they were first written. A rowid stays its document's: a document's row is updated in place and
 * never deleted (a removed document keeps it, `doc` NULL), and VACUUM keeps the rowids of a table with an
 * index, as the documents' id index is.
 */
function lookupTable(lookups: string): string {
  return `CREATE TABLE IF NOT EXISTS ${lookups} (index_name TEXT NOT NULL, key TEXT NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (index_name, key, doc)) WITHOUT ROWID;`;
}

/**
 * Each document's keys in one row, by its row number, as the projection named them: what a write compares
 * and replaces. One row a document, where an index of the lookups by document was one row a key: a pass is
 * found by dozens of keys (the beginnings of its words), each of which was written twice.
 */
function keySetTable(keySets: string): string {
  return `CREATE TABLE IF NOT EXISTS ${keySets} (doc INTEGER PRIMARY KEY, keys TEXT NOT NULL);`;
}

/**
 * Each document's words in one row of a full-text index (SQLite's FTS5), each word a token that begins with
 * the tag of its index and scope, so that a beginning of a word is a prefix query of that tag and beginning,
 * answered from a prefix index of every length a beginning can have. A document's row is one row where the
 * beginnings as keys were dozens, and the index writes a transaction's rows together. `ascii` splits only at
 * the spaces between tokens: a word is of letters and digits, lowercased, and all of it one token.
 */
function wordTable(words: string): string {
  const prefixes = Array.from({ length: WORD_BEGINNING_MAX }, (_, length) => WORD_TAG_LENGTH + length + 1).join(' ');
  return `CREATE VIRTUAL TABLE IF NOT EXISTS ${words} USING fts5(words, tokenize = 'ascii', prefix = '${prefixes}', detail = none, columnsize = 0);`;
}

/** Hex characters of an index and scope's tag: enough that two never share one. */
const WORD_TAG_LENGTH = 16;

/** Tags of the indexes and scopes written lately: a scope's documents are written together, each a hash apart. */
const RECENT_TAGS = 10_000;

const recentTags = new LRUCache<string, string>({ max: RECENT_TAGS });

function tagOf(index: string, scope: string): string {
  const named = `${index}\u0000${scope}`;
  const kept = recentTags.get(named);
  if (kept !== undefined) return kept;
  const tag = hash('sha256', named, 'hex').slice(0, WORD_TAG_LENGTH);
  recentTags.set(named, tag);
  return tag;
}

/**
 * The tokens of words given to an index, as text, by the words' object: a projection that gives the same
 * object again for words that did not change (searchWordsOf) has their text made once.
 */
const tokenTexts = new WeakMap<WordKeys, { index: string; text: string }>();

function tokenTextOf(index: string, given: WordKeys): string {
  const kept = tokenTexts.get(given);
  if (kept?.index === index) return kept.text;
  const tag = tagOf(index, given.scope);
  const text = given.words.map((word) => `${tag}${word}`).join(' ');
  tokenTexts.set(given, { index, text });
  return text;
}

/** A document's words as its row of the full-text index holds them; null when it has none. */
function wordTextOf(words: Readonly<Record<string, WordKeys>>): string | null {
  let text: string | null = null;
  for (const [index, given] of Object.entries(words)) {
    if (given.words.length === 0) continue;
    const tokens = tokenTextOf(index, given);
    text = text === null ? tokens : `${text} ${tokens}`;
  }
  return text;
}

/** What a word is made of: a beginning of anything else, or with a capital, begins no word (word-keys.ts). */
const WORD = /^[\p{L}\p{N}]+$/u;

/** The full-text query of a beginning: its tag and beginning, as a prefix; null when it can begin no word. */
function matchOf(index: string, { scope, beginning }: WordBeginning): string | null {
  const bounded = beginning.slice(0, WORD_BEGINNING_MAX);
  if (!WORD.test(bounded) || /[A-Z]/.test(bounded)) return null;
  return `"${tagOf(index, scope)}${bounded}" *`;
}

/** A key set as stored: its keys by index. */
const storedKeySet = z.record(z.string(), z.array(z.string()));

function hasKeys(keys: Readonly<Record<string, readonly string[]>>): boolean {
  return Object.values(keys).some((values) => values.length > 0);
}

function pairsOf(keys: Readonly<Record<string, readonly string[]>>): [string, string][] {
  return Object.entries(keys).flatMap(([index, values]) => values.map((key): [string, string] => [index, key]));
}

function keysByIndex(pairs: readonly (readonly [string, string])[]): Record<string, string[]> {
  const byIndex: Record<string, string[]> = {};
  for (const [index, key] of pairs) (byIndex[index] ??= []).push(key);
  return byIndex;
}

/** The keys of `keys` that `others` has not (either may repeat a key). */
function keysMissingFrom(keys: readonly (readonly [string, string])[], others: readonly (readonly [string, string])[]): (readonly [string, string])[] {
  const known = new Set(others.map(keyText));
  return keys.filter((key) => !known.has(keyText(key)));
}

const keyText = ([index, key]: readonly [string, string]) => `${index}\u0000${key}`;

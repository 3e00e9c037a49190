/**
 * Converts a collection of a distributed store of before the work store once: its documents, page by
 * page, become work items as they stood, and then its collections are dropped. Run when the stores open;
 * a conversion cut short is done again, and what it had adopted already is left as it is.
 */
import { onMongo } from '@passes/storage/distributed';
import type { Db, Filter } from 'mongodb';
import type { WorkItem, WorkStore } from '../work-store';

const STORE = 'work store conversion';
const PAGE_SIZE = 1000;

export interface MongoConversion {
  /** The collection of before; nothing is done without it. */
  collection: string;
  /** Checks what each document holds (its schema of before). */
  toItem: (document: unknown) => WorkItem;
  /** Dropped with the collection once every document is adopted. */
  alsoDrop?: readonly string[];
}

export async function convertMongoCollection(db: Db, work: WorkStore, conversion: MongoConversion): Promise<void> {
  if (!(await exists(db, conversion.collection))) return;
  // The stores of before named their documents with text ids: they page in the order of those.
  const documents = db.collection<{ _id: string }>(conversion.collection);
  for (let after: string | null = null; ; ) {
    const filter: Filter<{ _id: string }> = after === null ? {} : { _id: { $gt: after } };
    const page: Array<{ _id: string }> = await onMongo(STORE, () => documents.find(filter, { sort: { _id: 1 }, limit: PAGE_SIZE }).toArray());
    await work.adopt(page.map(conversion.toItem));
    const last: { _id: string } | undefined = page.at(-1);
    if (last === undefined) break;
    after = last._id;
  }
  for (const name of [conversion.collection, ...(conversion.alsoDrop ?? [])]) await drop(db, name);
}

/** Processes that start together convert side by side: one may drop a collection the other has just seen. */
async function drop(db: Db, name: string): Promise<void> {
  try {
    if (await exists(db, name)) await onMongo(STORE, () => db.collection(name).drop());
  } catch (error) {
    if (await exists(db, name)) throw error;
  }
}

async function exists(db: Db, name: string): Promise<boolean> {
  const found = await onMongo(STORE, () => db.listCollections({ name }, { nameOnly: true }).toArray());
  return found.length > 0;
}

import { randomUUID } from 'node:crypto';
import { connectMongo } from '@passes/storage/distributed';
import type { Db } from 'mongodb';

/** A database of its own on the test server, dropped on dispose, so no suite or test sees another's data. */
export async function freshMongoDatabase(url: string): Promise<{ db: Db; dispose: () => Promise<void> }> {
  const connection = await connectMongo(url, `passes_test_${randomUUID().slice(0, 8)}`);
  return {
    db: connection.db,
    dispose: async () => {
      await connection.db.dropDatabase();
      await connection.close();
    },
  };
}

/** A contract suite's subject: a Mongo store opened on a fresh database; disposing closes it, then drops the database. */
export function mongoStoreSubject<Store extends { close(): Promise<void> }>(url: string, open: (db: Db) => Promise<Store>) {
  return async (): Promise<{ store: Store; dispose: () => Promise<void> }> => {
    const database = await freshMongoDatabase(url);
    const store = await open(database.db);
    return { store, dispose: () => store.close().then(database.dispose) };
  };
}

/**
 * One MongoDB client per process, shared by every adapter. Requests fail fast while the server is
 * unreachable (so an API answers 503 instead of hanging), and the driver reconnects by itself when it
 * is back. Nothing here needs a replica set: no transactions, no change streams (DESIGN §7).
 */
import { MongoClient, type Db } from 'mongodb';

/** How long an operation waits for a reachable server before failing. */
const SERVER_SELECTION_TIMEOUT_MS = 2000;

interface MongoConnection {
  db: Db;
  close(): Promise<void>;
}

export async function connectMongo(url: string, database: string): Promise<MongoConnection> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    connectTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    // Writes are acknowledged by the majority and journaled: acknowledged means durable.
    writeConcern: { w: 'majority', j: true },
    retryWrites: false,
  });
  await client.connect();
  return { db: client.db(database), close: () => client.close() };
}

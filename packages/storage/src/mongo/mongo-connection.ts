/**
 * One MongoDB client per process, shared by every adapter. Requests fail fast while the server is
 * unreachable (so an API answers 503 instead of hanging), and the driver reconnects by itself when it
 * is back. Nothing here needs a replica set: no transactions, no change streams (DESIGN §7).
 */
import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';

/** How long an operation waits for a reachable server before failing. */
const SERVER_SELECTION_TIMEOUT_MS = 2000;

interface MongoConnection {
  db: Db;
  close(): Promise<void>;
}

interface MongoConnectionOptions {
  /**
   * Told of every command the client sends (find, insert, update…) and the collection it names, if any:
   * each is one round trip to the server, a cost that does not depend on which MongoDB-wire server answers.
   */
  onCommand?: (command: string, collection: string | null) => void;
}

/** Most commands name their collection as the command's value (`{ find: 'passes' }`), getMore in `collection`. */
function collectionOf({ command, commandName }: CommandStartedEvent): string | null {
  const named: unknown = command[commandName === 'getMore' ? 'collection' : commandName];
  return typeof named === 'string' ? named : null;
}

export async function connectMongo(url: string, database: string, options: MongoConnectionOptions = {}): Promise<MongoConnection> {
  const { onCommand } = options;
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    connectTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    // Writes are acknowledged by the majority and journaled: acknowledged means durable.
    writeConcern: { w: 'majority', j: true },
    retryWrites: false,
    monitorCommands: onCommand !== undefined,
  });
  if (onCommand) client.on('commandStarted', (event) => onCommand(event.commandName, collectionOf(event)));
  await client.connect();
  return { db: client.db(database), close: () => client.close() };
}

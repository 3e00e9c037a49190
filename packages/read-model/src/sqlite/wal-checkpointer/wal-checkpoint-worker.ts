/**
 * The checkpointer's thread (see WalCheckpointer): on a connection of its own, copies the read store's
 * write-ahead log back into the database at every interval, with a passive checkpoint, which neither waits
 * for the connections that read and write nor makes them wait. Failures are reported in words
 * (failureMessage), a lasting one once (RepeatedFailures).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { failureMessage } from '../failure-message';
import { checkpointerSettings, fromCheckpointer, toCheckpointer, type FromCheckpointer } from './checkpoint-messages';
import { RepeatedFailures } from './repeated-failures';

const port = parentPort;
if (port === null) throw new Error('wal-checkpoint-worker runs as a worker thread');
const post = (message: FromCheckpointer) => port.postMessage(fromCheckpointer.parse(message));
const failed = (error: unknown) => post({ type: 'failed', message: failureMessage(error) });

function open(file: string): Database.Database | null {
  try {
    // The file is the read store's, opened by then: never create one here. Its synchronous setting (FULL,
    // the default) syncs the log before copying it and the database after, as the serving connection's would.
    return new Database(file, { fileMustExist: true, timeout: 5000 });
  } catch (error) {
    failed(error);
    return null;
  }
}

const { file, intervalMs } = checkpointerSettings.parse(workerData);
const db = open(file);
if (db === null) {
  port.close();
} else {
  const checkpoints = new RepeatedFailures((message) => post({ type: 'failed', message }));
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
      checkpoints.succeeded();
    } catch (error) {
      checkpoints.failed(failureMessage(error));
    }
  }, intervalMs);
  port.on('message', (raw: unknown) => {
    toCheckpointer.parse(raw);
    clearInterval(timer);
    db.close();
    port.close();
  });
}

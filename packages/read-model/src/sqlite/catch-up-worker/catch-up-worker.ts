/**
 * The catch-up worker's thread: builds next generations of the read-model projections page after page
 * with its own connections to the event store and the read store, the jobs under way in one replay
 * (ReplayJobs), and reports each page to the projector's thread (see WorkerCatchUpRunner); drops the
 * generations the projector replaced.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore } from '@passes/event-store';
import { ReplayJobs } from '../../projector/replay-jobs';
import { readModelProjections } from '../../projections/read-models';
import { failureMessage } from '../failure-message';
import { SqliteDocumentStore } from '../sqlite-document-store';
import { fromWorker, toWorker, workerFiles, type FromWorker } from './catch-up-messages';

const port = parentPort;
if (port === null) throw new Error('catch-up-worker runs as a worker thread');

/** A rebuild's nice value: it takes the CPU the threads that serve requests leave. */
const CATCH_UP_NICE = 10;
// On Linux a nice value belongs to a thread, so this lowers this worker alone (requests served during a
// rebuild keep more of their latency); elsewhere it would lower the whole service, so it is left.
if (process.platform === 'linux') os.setPriority(0, CATCH_UP_NICE);
const files = workerFiles.parse(workerData);
const events = SqliteEventStore.open(files.events);
/**
 * In WAL mode NORMAL syncs only when the log is checkpointed: a longer log syncs less often under the
 * bursts of writes a rebuild makes (10,000 pages: about 40 MiB).
 */
const REBUILD_WAL_AUTOCHECKPOINT_PAGES = 10_000;
const documents = SqliteDocumentStore.open(files.documents, { walAutocheckpointPages: REBUILD_WAL_AUTOCHECKPOINT_PAGES });

const post = (message: FromWorker) => port.postMessage(fromWorker.parse(message));

const jobs = new ReplayJobs(events, documents, readModelProjections, {
  page: (id, page) => post({ type: 'page', id, ...page }),
  done: (id, caughtUp) => post({ type: 'done', id, caughtUp }),
  failed: (id, error) => post({ type: 'failed', id, message: failureMessage(error) }),
});
/** Drops under way, each stopped (between pages) by aborting. */
const drops = new Map<number, AbortController>();

port.on('message', (raw: unknown) => {
  const message = toWorker.parse(raw);
  switch (message.type) {
    case 'start':
      jobs.start(message.id, message.job);
      return;
    case 'stop':
      jobs.stop(message.id);
      drops.get(message.id)?.abort();
      return;
    case 'drop': {
      const { id } = message;
      const stopping = new AbortController();
      drops.set(id, stopping);
      documents
        .drop(message.target, stopping.signal)
        .then(
          () => post({ type: 'done', id, caughtUp: !stopping.signal.aborted }),
          (error: unknown) => post({ type: 'failed', id, message: failureMessage(error) }),
        )
        .finally(() => drops.delete(id));
      return;
    }
    case 'close':
      port.close();
      void documents.close().then(() => events.close());
      return;
  }
});

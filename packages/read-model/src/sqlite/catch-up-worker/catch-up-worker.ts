/**
 * The catch-up worker's thread: builds next generations of the read-model projections page after page
 * with its own connections to the event store and the read store, and reports each page to the
 * projector's thread (see WorkerCatchUpRunner); drops the generations the projector replaced. The jobs
 * under way share one replay of the feed (SharedReplay): a rebuild of every projection reads and commits
 * each page once.
 */
import os from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore } from '@passes/event-store';
import { SharedReplay, type ReplayMember } from '../../projector/shared-replay';
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

interface Job extends ReplayMember {
  stopped: boolean;
}

/** The replay under way and its jobs by id; a job started meanwhile joins it (with the replay's page size). */
let current: { replay: SharedReplay; jobs: Map<number, Job> } | null = null;
/** Drops under way, each stopped (between pages) by aborting. */
const drops = new Map<number, AbortController>();

const post = (message: FromWorker) => port.postMessage(fromWorker.parse(message));

async function replayAll(replay: SharedReplay, jobs: Map<number, Job>): Promise<void> {
  try {
    // The projector starts its rebuilds together: their jobs join before the first page.
    await yieldToEventLoop();
    while (jobs.size > 0) {
      const caughtUp = new Set(await replay.replayPage());
      for (const [id, job] of jobs) {
        post({ type: 'page', id, checkpoint: job.checkpoint, replayed: job.replayed });
        if (!job.stopped && !caughtUp.has(job)) continue;
        replay.remove(job);
        jobs.delete(id);
        post({ type: 'done', id, caughtUp: caughtUp.has(job) });
      }
      // Lets stops and new jobs in between pages.
      await yieldToEventLoop();
    }
  } catch (error) {
    for (const id of jobs.keys()) post({ type: 'failed', id, message: failureMessage(error) });
    jobs.clear();
  } finally {
    if (current?.replay === replay) current = null;
  }
}

port.on('message', (raw: unknown) => {
  const message = toWorker.parse(raw);
  switch (message.type) {
    case 'start': {
      const { id, job } = message;
      const projection = readModelProjections.find((candidate) => candidate.collection === job.collection);
      if (!projection) {
        post({ type: 'failed', id, message: `no read-model projection is named ${job.collection}` });
        return;
      }
      const member: Job = { projection, target: { collection: job.collection, generation: job.generation }, checkpoint: job.checkpoint, replayed: 0, stopped: false };
      const joined = current;
      const under = joined ?? { replay: new SharedReplay(events, documents, job.pageSize), jobs: new Map<number, Job>() };
      under.jobs.set(id, member);
      under.replay.add(member);
      if (joined === null) {
        current = under;
        void replayAll(under.replay, under.jobs);
      }
      return;
    }
    case 'stop': {
      const job = current?.jobs.get(message.id);
      if (job) job.stopped = true;
      drops.get(message.id)?.abort();
      return;
    }
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

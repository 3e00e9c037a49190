/**
 * Copies the read store's write-ahead log back into its database on a thread of its own. A commit that
 * takes the log past `wal_autocheckpoint` pages copies it on the connection that made it, and in the
 * embedded service that is the projector's, on the thread that serves requests: every request waited
 * while it copied and synced. With this thread copying the log every few milliseconds, that commit finds
 * nearly all of it copied already and does the rest, and requests wait less
 * (docs/decisions.md, "The read store's log is copied back on a thread of its own").
 *
 * The serving connection keeps its `wal_autocheckpoint`: a passive checkpoint that writers keep overtaking
 * never copies the whole log, and SQLite rewinds the log (writes it from its start again) only after one
 * has, so the serving connection's own checkpoint still bounds the log's length and rewinds it.
 */
import { Worker } from 'node:worker_threads';
import { fromCheckpointer, type CheckpointerSettings, type ToCheckpointer } from './checkpoint-messages';

const WORKER_SCRIPT = require.resolve('@passes/read-model/wal-checkpoint-worker');

/**
 * Often enough that the serving connection's 1,000 pages of log are mostly copied before a commit passes
 * them under `issue`: a longer interval left more for that commit to copy, and its p99 showed it
 * (docs/benchmarks.md). A checkpoint that finds nothing new costs a read of the log's index.
 */
const DEFAULT_INTERVAL_MS = 20;

interface WalCheckpointerOptions {
  intervalMs?: number;
  /** A checkpoint failed (the thread goes on); and the thread ended before `stop`. */
  onError?: (error: Error) => void;
}

export class WalCheckpointer {
  private stopping = false;

  private constructor(
    private readonly worker: Worker,
    private readonly exited: Promise<void>,
  ) {}

  /** Starts checkpointing `file`, a read store the caller has opened (so it exists, in WAL mode). */
  static start(file: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
    const settings: CheckpointerSettings = { file, intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS };
    const worker = new Worker(WORKER_SCRIPT, { workerData: settings });
    // A stopping process does not wait for it: the log is whole without it, and the next commit copies it.
    worker.unref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const checkpointer = new WalCheckpointer(worker, exited);
    const report = options.onError ?? (() => undefined);
    worker.on('message', (raw: unknown) => report(new Error(`The read store's checkpointer failed: ${fromCheckpointer.parse(raw).message}`)));
    // The thread reports its own failures in words (a message); this is whatever escaped it.
    worker.on('error', (error) => report(new Error(`The read store's checkpointer failed: ${String(error)}`)));
    worker.once('exit', (code) => {
      if (!checkpointer.stopping) report(new Error(`The read store's checkpointer ended (code ${code})`));
    });
    return checkpointer;
  }

  async stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      const message: ToCheckpointer = { type: 'stop' };
      this.worker.postMessage(message);
      // Held while it ends: an unreferenced thread would let a process with nothing else to do exit first.
      this.worker.ref();
    }
    await this.exited;
  }
}

/**
 * Catches next generations up, and drops replaced ones, in a worker thread of their own
 * (node:worker_threads), so that a rebuild takes no time from the requests on the service's thread. One
 * worker serves every job at once (ReplayJobs), and ends when its last job is done.
 */
import { Worker } from 'node:worker_threads';
import type { GenerationRef } from '../../document-store';
import type { CatchUpJob, CatchUpPage, CatchUpRun, CatchUpRunner } from '../../projector/catch-up-runner';
import { PendingJobs } from '../../projector/pending-jobs';
import { fromWorker, type ToWorker, type WorkerFiles } from './catch-up-messages';

/**
 * The compiled worker, also when this file runs from its TypeScript source (under jest): a worker
 * thread runs plain JavaScript, so the package must be built (`npm test` builds first).
 */
const WORKER_SCRIPT = require.resolve('@passes/read-model/catch-up-worker');

export class WorkerCatchUpRunner implements CatchUpRunner {
  private worker: Worker | null = null;
  private readonly jobs = new PendingJobs();

  constructor(private readonly files: WorkerFiles) {}

  start(job: CatchUpJob, onPage: (page: CatchUpPage) => void): CatchUpRun {
    return this.submit(onPage, (id) => ({ type: 'start', id, job }));
  }

  async drop({ collection, generation }: GenerationRef, signal?: AbortSignal): Promise<void> {
    const { done, stop } = this.submit(() => undefined, (id) => ({ type: 'drop', id, target: { collection, generation } }));
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await done;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /** Sends the job to the worker; its `stop` asks the worker to stop it while it is pending. */
  private submit(onPage: (page: CatchUpPage) => void, message: (id: number) => ToWorker): CatchUpRun {
    const worker = this.worker ?? this.spawn();
    const { id, done } = this.jobs.add(onPage);
    send(worker, message(id));
    const stop = () => {
      if (this.jobs.has(id)) send(worker, { type: 'stop', id });
    };
    return { done, stop };
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SCRIPT, { workerData: this.files });
    // A stopping service does not wait for a page: each page commits whole, and the build resumes from the last one.
    worker.unref();
    worker.on('message', (raw: unknown) => this.receive(worker, raw));
    worker.on('error', (error) => this.failAll(worker, error));
    worker.on('exit', (code) => this.failAll(worker, new Error(`the catch-up worker ended with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, raw: unknown): void {
    const message = fromWorker.parse(raw);
    if (!this.jobs.has(message.id)) return;
    switch (message.type) {
      case 'page':
        this.jobs.page(message.id, { checkpoint: message.checkpoint, replayed: message.replayed });
        return;
      case 'done':
        this.jobs.finish(message.id, message.caughtUp);
        this.closeWhenIdle(worker);
        return;
      case 'failed':
        this.jobs.fail(message.id, new Error(message.message));
        this.closeWhenIdle(worker);
        return;
    }
  }

  /** The worker ends with its last job: the next job starts another. */
  private closeWhenIdle(worker: Worker): void {
    if (this.jobs.size > 0 || this.worker !== worker) return;
    this.worker = null;
    send(worker, { type: 'close' });
  }

  /** The worker ended or failed while it still had jobs: each is rejected, to be resumed from its checkpoint. */
  private failAll(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.jobs.failAll(error);
  }
}

function send(worker: Worker, message: ToWorker): void {
  worker.postMessage(message);
}

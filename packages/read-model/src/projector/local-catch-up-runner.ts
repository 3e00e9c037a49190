/**
 * Catches next generations up on the projector's own thread, where it is given no runner of its own (the
 * distributed profile's projector, the CLI's when no service runs): as in the catch-up worker, the jobs
 * under way share one replay, which gives way to the live feed between pages. Replaced generations are
 * dropped by the projector's store itself.
 */
import type { EventStore } from '@passes/event-store';
import type { DocumentStore } from '../document-store';
import type { Projection } from '../projections/projection';
import type { CatchUpJob, CatchUpPage, CatchUpRun, CatchUpRunner } from './catch-up-runner';
import { ReplayJobs } from './replay-jobs';

interface PendingJob {
  onPage: (page: CatchUpPage) => void;
  resolve: (caughtUp: boolean) => void;
  reject: (error: unknown) => void;
}

export class LocalCatchUpRunner implements Pick<CatchUpRunner, 'start'> {
  private readonly pending = new Map<number, PendingJob>();
  private readonly jobs: ReplayJobs;
  private nextId = 1;

  constructor(
    events: Pick<EventStore, 'readAll'>,
    store: Pick<DocumentStore, 'load' | 'commit'>,
    projections: readonly Projection[],
  ) {
    this.jobs = new ReplayJobs(events, store, projections, {
      page: (id, page) => this.pending.get(id)?.onPage(page),
      done: (id, caughtUp) => this.settled(id)?.resolve(caughtUp),
      failed: (id, error) => this.settled(id)?.reject(error),
    });
  }

  start(job: CatchUpJob, onPage: (page: CatchUpPage) => void): CatchUpRun {
    const id = this.nextId;
    this.nextId += 1;
    const done = new Promise<boolean>((resolve, reject) => this.pending.set(id, { onPage, resolve, reject }));
    this.jobs.start(id, job);
    return { done, stop: () => this.jobs.stop(id) };
  }

  private settled(id: number): PendingJob | undefined {
    const job = this.pending.get(id);
    this.pending.delete(id);
    return job;
  }
}

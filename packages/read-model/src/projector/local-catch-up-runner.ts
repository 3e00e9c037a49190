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
import { PendingJobs } from './pending-jobs';
import { ReplayJobs } from './replay-jobs';

export class LocalCatchUpRunner implements Pick<CatchUpRunner, 'start'> {
  private readonly pending = new PendingJobs();
  private readonly jobs: ReplayJobs;

  constructor(
    events: Pick<EventStore, 'readAll'>,
    store: Pick<DocumentStore, 'load' | 'commit'>,
    projections: readonly Projection[],
  ) {
    this.jobs = new ReplayJobs(events, store, projections, {
      page: (id, page) => this.pending.page(id, page),
      done: (id, caughtUp) => this.pending.finish(id, caughtUp),
      failed: (id, error) => this.pending.fail(id, error),
    });
  }

  start(job: CatchUpJob, onPage: (page: CatchUpPage) => void): CatchUpRun {
    const { id, done } = this.pending.add(onPage);
    this.jobs.start(id, job);
    return { done, stop: () => this.jobs.stop(id) };
  }
}

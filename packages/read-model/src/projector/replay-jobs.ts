/**
 * The catch-up jobs under way on one thread, replayed together: a job started while others run joins
 * their replay (SharedReplay), reports each page it takes in, and ends caught up, stopped (after the page
 * under way, committed whole) or failed (with every job of the replay: they share its commits).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { EventStore } from '@passes/event-store';
import type { DocumentStore } from '../document-store';
import type { Projection } from '../projections/projection';
import type { CatchUpJob, CatchUpPage } from './catch-up-runner';
import { SharedReplay, type ReplayMember } from './shared-replay';

export interface ReplayJobListener {
  page(id: number, page: CatchUpPage): void;
  done(id: number, caughtUp: boolean): void;
  failed(id: number, error: unknown): void;
}

interface Job extends ReplayMember {
  stopped: boolean;
}

export class ReplayJobs {
  /** The replay under way and its jobs by id; a job started meanwhile joins it (with the replay's page size). */
  private current: { replay: SharedReplay; jobs: Map<number, Job> } | null = null;

  constructor(
    private readonly events: Pick<EventStore, 'readAll'>,
    private readonly store: Pick<DocumentStore, 'load' | 'commit'>,
    /** The projections a job may build, found by its collection. */
    private readonly projections: readonly Projection[],
    private readonly listener: ReplayJobListener,
  ) {}

  start(id: number, job: CatchUpJob): void {
    const projection = this.projections.find((candidate) => candidate.collection === job.collection);
    if (!projection) {
      this.listener.failed(id, new Error(`no read-model projection is named ${job.collection}`));
      return;
    }
    const member: Job = { projection, target: { collection: job.collection, generation: job.generation }, checkpoint: job.checkpoint, replayed: 0, stopped: false };
    const joined = this.current;
    const under = joined ?? { replay: new SharedReplay(this.events, this.store, job.pageSize), jobs: new Map<number, Job>() };
    under.jobs.set(id, member);
    under.replay.add(member);
    if (joined === null) {
      this.current = under;
      void this.replayAll(under.replay, under.jobs);
    }
  }

  /** Takes effect after the page under way. */
  stop(id: number): void {
    const job = this.current?.jobs.get(id);
    if (job) job.stopped = true;
  }

  private async replayAll(replay: SharedReplay, jobs: Map<number, Job>): Promise<void> {
    try {
      // A projector starts its rebuilds together: their jobs join before the first page.
      await yieldToEventLoop();
      while (jobs.size > 0) {
        const caughtUp = new Set(await replay.replayPage());
        for (const [id, job] of jobs) {
          this.listener.page(id, { checkpoint: job.checkpoint, replayed: job.replayed });
          if (!job.stopped && !caughtUp.has(job)) continue;
          replay.remove(job);
          jobs.delete(id);
          this.listener.done(id, caughtUp.has(job));
        }
        // Leaves room between pages: for stops and new jobs, and for requests where this is the service's thread.
        await yieldToEventLoop();
      }
    } catch (error) {
      for (const id of jobs.keys()) this.listener.failed(id, error);
      jobs.clear();
    } finally {
      if (this.current?.replay === replay) this.current = null;
    }
  }
}

/**
 * The jobs a catch-up runner has started and not yet seen end, by the id it gave each: whom to tell of a
 * job's pages, and the `done` of its run, settled once when the job ends or fails.
 */
import type { CatchUpPage } from './catch-up-runner';

interface PendingJob {
  onPage: (page: CatchUpPage) => void;
  resolve: (caughtUp: boolean) => void;
  reject: (error: unknown) => void;
}

export class PendingJobs {
  private readonly jobs = new Map<number, PendingJob>();
  private nextId = 1;

  /** A new job's id, and the promise its run's `done` is. */
  add(onPage: (page: CatchUpPage) => void): { id: number; done: Promise<boolean> } {
    const id = this.nextId;
    this.nextId += 1;
    const done = new Promise<boolean>((resolve, reject) => this.jobs.set(id, { onPage, resolve, reject }));
    return { id, done };
  }

  has(id: number): boolean {
    return this.jobs.has(id);
  }

  get size(): number {
    return this.jobs.size;
  }

  page(id: number, page: CatchUpPage): void {
    this.jobs.get(id)?.onPage(page);
  }

  /** The job ended: caught up with the head, or stopped first. */
  finish(id: number, caughtUp: boolean): void {
    this.take(id)?.resolve(caughtUp);
  }

  fail(id: number, error: unknown): void {
    this.take(id)?.reject(error);
  }

  /** Every job still pending fails with `error`. */
  failAll(error: unknown): void {
    for (const job of this.jobs.values()) job.reject(error);
    this.jobs.clear();
  }

  private take(id: number): PendingJob | undefined {
    const job = this.jobs.get(id);
    this.jobs.delete(id);
    return job;
  }
}

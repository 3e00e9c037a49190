/**
 * Where a next generation catches up with the head, and where a replaced one is dropped, when not on the
 * projector's own thread: the service's thread then only serves requests (issue 12). The projector still
 * finishes and promotes the generation itself, with its live feed paused, from the checkpoint the runner
 * reached.
 */
import type { Position } from '@passes/event-store';
import type { GenerationRef } from '../document-store';

export interface CatchUpJob extends GenerationRef {
  checkpoint: Position | null;
  pageSize: number;
}

/** After each page: where the generation's checkpoint is, and the events replayed since the job started. */
export interface CatchUpPage {
  checkpoint: Position | null;
  replayed: number;
}

export interface CatchUpRun {
  /** True once caught up with the head, false when stopped first; rejects when the job failed. */
  done: Promise<boolean>;
  /** Stops after the page being replayed, which is committed whole. */
  stop(): void;
}

export interface CatchUpRunner {
  start(job: CatchUpJob, onPage: (page: CatchUpPage) => void): CatchUpRun;
  /**
   * Drops a retired or abandoned generation and its documents, as `DocumentStore.drop` does. Freeing the
   * pages of a large generation takes a while (SQLite frees them one by one), and on the thread
   * that serves requests every request would wait for it.
   */
  drop(target: GenerationRef, signal?: AbortSignal): Promise<void>;
}

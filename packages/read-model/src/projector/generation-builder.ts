/**
 * Builds a collection's next generation from the start of the event store, page after page, beside the
 * live one. Once a page comes back short it has caught up with the head, and asks its projector to
 * finish it and make it live (`onCaughtUp`), which happens while the live feed is paused.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isAfter, type EventStore, type Position } from '@passes/event-store';
import type { DocumentStore, GenerationRef } from '../document-store';
import type { Projection } from '../projections/projection';
import type { CatchUpPage, CatchUpRunner } from './catch-up-runner';
import { projectBatch } from './project-batch';

/** Every this many pages, one is read without the type filter, to see how much of the feed is the projection's. */
const PROBE_EVERY_PAGES = 16;
/**
 * From this share of the feed's events on, pages are read without the filter: a filtered read of a type
 * that most events have reads each type's page through its index and merges them (most of the rebuild's
 * time, in a profile), where a plain read of the position range reads each row once.
 */
const DENSE_SHARE = 0.5;

export interface BuildProgress {
  collection: string;
  generation: number;
  checkpoint: Position | null;
  /** Events read by this builder since it started (not since the generation began). */
  replayed: number;
  startedAt: Date;
}

export class GenerationBuilder {
  private stopped = false;
  private replayed = 0;
  private pagesRead = 0;
  private filtered = true;
  private readonly startedAt = new Date();
  private stopElsewhere: (() => void) | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly store: DocumentStore,
    private readonly projection: Projection,
    readonly target: GenerationRef,
    private checkpoint: Position | null,
    private readonly pageSize: number,
    /** Where `catchUp` replays its pages; on this thread when none. */
    private readonly runner: CatchUpRunner | null = null,
  ) {}

  get progress(): BuildProgress {
    return { ...this.target, checkpoint: this.checkpoint, replayed: this.replayed, startedAt: this.startedAt };
  }

  stop(): void {
    this.stopped = true;
    this.stopElsewhere?.();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Moves the checkpoint up to `position` without events: the builder has read every event of its
   * projection up to the head, so nothing between its last one and `position` concerns it.
   */
  async advanceTo(position: Position | null): Promise<void> {
    if (!isAfter(position, this.checkpoint) || position === null) return;
    await this.store.commit([{ target: this.target, writes: [] }], position);
    this.checkpoint = position;
  }

  /** Replays pages until one comes back short (the head is near) or the builder is stopped; true when caught up. */
  async catchUp(onPage?: (page: CatchUpPage) => void): Promise<boolean> {
    if (this.runner !== null) return this.catchUpElsewhere(this.runner);
    while (!this.stopped) {
      const full = await this.replayPage();
      onPage?.({ checkpoint: this.checkpoint, replayed: this.replayed });
      if (!full) return true;
      // Leave room for requests between pages: the service keeps answering during a rebuild.
      await yieldToEventLoop();
    }
    return false;
  }

  private catchUpElsewhere(runner: CatchUpRunner): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    const replayedBefore = this.replayed;
    const run = runner.start({ ...this.target, checkpoint: this.checkpoint, pageSize: this.pageSize }, (page) => {
      this.checkpoint = page.checkpoint;
      this.replayed = replayedBefore + page.replayed;
    });
    this.stopElsewhere = run.stop;
    return run.done.finally(() => {
      this.stopElsewhere = null;
    });
  }

  /**
   * Replays one page of the projection's own events; false when the page was short, i.e. the head was
   * reached. Where the projection's events are few, the store filters them; where they are most of the
   * feed, the page is the feed itself and the builder skips the others (see DENSE_SHARE).
   */
  async replayPage(): Promise<boolean> {
    const unfiltered = !this.filtered || this.pagesRead % PROBE_EVERY_PAGES === 0;
    const filter = unfiltered ? undefined : { eventTypes: [...this.projection.eventTypes] };
    const page = await this.events.readAll({ after: this.checkpoint, maxCount: this.pageSize, filter });
    this.pagesRead += 1;
    const last = page.at(-1);
    if (last === undefined) return false;
    const own = unfiltered ? page.filter((event) => this.projection.eventTypes.has(event.type)) : page;
    if (unfiltered) this.filtered = own.length < DENSE_SHARE * page.length;
    const writes = await projectBatch(this.store, this.target, this.projection, own);
    await this.store.commit([{ target: this.target, writes }], last.position);
    this.checkpoint = last.position;
    this.replayed += own.length;
    return page.length === this.pageSize;
  }
}

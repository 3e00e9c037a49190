/**
 * Builds a collection's next generation from the start of the event store, page after page, beside the
 * live one: in its runner, together with the other generations being built (ReplayJobs), until a page
 * comes back short; then its projector, with the live feed paused, has it replay the last pages itself
 * (`replayPage`) and makes it live.
 */
import { isAfter, type EventStore, type Position } from '@passes/event-store';
import type { DocumentStore, GenerationRef } from '../document-store';
import type { Projection } from '../projections/projection';
import type { CatchUpRunner } from './catch-up-runner';
import { SharedReplay, type ReplayMember } from './shared-replay';

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
  private readonly member: ReplayMember;
  private readonly replay: SharedReplay;
  private readonly startedAt = new Date();
  private stopInRunner: (() => void) | null = null;

  constructor(
    events: EventStore,
    private readonly store: DocumentStore,
    projection: Projection,
    readonly target: GenerationRef,
    checkpoint: Position | null,
    private readonly pageSize: number,
    /** Where `catchUp` replays its pages, beside the other generations being built. */
    private readonly runner: Pick<CatchUpRunner, 'start'>,
  ) {
    this.member = { projection, target, checkpoint, replayed: 0 };
    this.replay = new SharedReplay(events, store, pageSize);
    this.replay.add(this.member);
  }

  get projection(): Projection {
    return this.member.projection;
  }

  get progress(): BuildProgress {
    return { ...this.target, checkpoint: this.member.checkpoint, replayed: this.member.replayed, startedAt: this.startedAt };
  }

  stop(): void {
    this.stopped = true;
    this.stopInRunner?.();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Moves the checkpoint up to `position` without events: the builder has read every event of its
   * projection up to the head, so nothing between its last one and `position` concerns it.
   */
  async advanceTo(position: Position | null): Promise<void> {
    if (!isAfter(position, this.member.checkpoint) || position === null) return;
    await this.store.commit([{ target: this.target, writes: [] }], position);
    this.member.checkpoint = position;
  }

  /** Replays pages in the runner until one comes back short (the head is near) or the builder is stopped; true when caught up. */
  catchUp(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    const replayedBefore = this.member.replayed;
    const run = this.runner.start({ ...this.target, checkpoint: this.member.checkpoint, pageSize: this.pageSize }, (page) => {
      this.member.checkpoint = page.checkpoint;
      this.member.replayed = replayedBefore + page.replayed;
    });
    this.stopInRunner = run.stop;
    return run.done.finally(() => {
      this.stopInRunner = null;
    });
  }

  /** Replays one page of the projection's own events; false when the page was short, i.e. the head was reached. */
  async replayPage(): Promise<boolean> {
    return (await this.replay.replayPage()).length === 0;
  }
}

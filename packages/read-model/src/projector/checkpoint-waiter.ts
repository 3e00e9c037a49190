/**
 * Read-your-writes across processes (DESIGN §4): resolves once every live generation of the given
 * collections reflects a position. The projector of this process reports its commits at once; what a
 * projector elsewhere commits is seen by polling the store while anyone waits.
 */
import { hasReached, isAfter, type Position } from '@passes/event-store';
import type { CollectionState, DocumentStore } from '../document-store';

interface Waiter {
  position: Position;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

export class CheckpointWaiter {
  private waiters: Waiter[] = [];
  private reached: Position | null = null;
  private polling: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly store: DocumentStore,
    private readonly collections: readonly string[],
    private readonly pollIntervalMs: number,
    /** While this answers true, the projector of this process writes and reports every commit: no polling. */
    private readonly reportedLocally: () => boolean = () => false,
  ) {}

  /** The position every live generation reflects, as last seen. */
  get position(): Position | null {
    return this.reached;
  }

  /** Resolves true once the read models reflect `position`, false when `timeoutMs` passes first. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (hasReached(this.reached, position)) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((other) => other !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
      this.poll();
    });
  }

  /** A projector reports that the read models now reflect `position`. */
  notify(position: Position | null): void {
    // A poll may answer from before a commit this process already reported: never move back.
    if (isAfter(position, this.reached)) this.reached = position;
    const reached = this.reached;
    const ready = this.waiters.filter((waiter) => hasReached(reached, waiter.position));
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) {
      clearTimeout(waiter.timer);
      waiter.resolve(true);
    }
  }

  /** Reads the live checkpoints from the store. */
  async refresh(): Promise<Position | null> {
    const position = leastCheckpoint(await this.store.collections(), this.collections);
    this.notify(position);
    return position;
  }

  /** The read models were started over (projector.ts): they reflect less than they did, and are read again. */
  async startOver(): Promise<void> {
    this.reached = null;
    await this.refresh();
  }

  close(): void {
    this.closed = true;
    if (this.polling) clearTimeout(this.polling);
    this.polling = null;
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
  }

  /** The local projector stopped writing: waiters may now depend on a projector elsewhere. */
  resumePolling(): void {
    this.poll();
  }

  private poll(): void {
    if (this.polling !== null || this.waiters.length === 0 || this.closed || this.reportedLocally()) return;
    this.polling = setTimeout(() => {
      this.refresh()
        // A store that cannot be read now is asked again at the next tick; waiters time out meanwhile.
        .catch(() => undefined)
        .finally(() => {
          this.polling = null;
          this.poll();
        });
    }, this.pollIntervalMs);
  }
}

/**
 * The least checkpoint among the collections' live generations; `null` while one has none, or none is
 * live. A collection with no live generation yet (one new to the store, being built) holds no one back:
 * nothing is read from it until it is live, and then it reflects everything the others do.
 */
export function leastCheckpoint(states: readonly CollectionState[], collections: readonly string[]): Position | null {
  let least: Position | null = null;
  for (const collection of collections) {
    const live = states.find((state) => state.collection === collection)?.live;
    if (!live) continue;
    if (live.checkpoint === null) return null;
    if (least === null || !hasReached(live.checkpoint, least)) least = live.checkpoint;
  }
  return least;
}

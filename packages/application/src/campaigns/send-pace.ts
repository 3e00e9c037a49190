/**
 * How much a campaign sends at once: as much as commits well while the event loop has nothing else to do,
 * little while requests wait. Whether they wait is read from the sender's own yields: a turn given back that
 * comes back late found the event loop answering something else.
 */
import { performance } from 'node:perf_hooks';

/** Messages and passes read at once, by whether requests wait. */
export interface PaceSizes {
  slice: number;
  page: number;
}

/**
 * Nothing waits: a slice's appends share one commit (and one fsync of the event store), the projector
 * takes them in one batch, and the page's counts are recorded once for many recipients.
 */
export const IDLE_PACE: PaceSizes = { slice: 100, page: 500 };
/**
 * Requests wait: each slice's messages, their commit, their projection and the followers' turn are
 * short enough not to hold a request for long, and a page is read in one short turn too.
 */
export const BUSY_PACE: PaceSizes = { slice: 50, page: 200 };
/** A yield that took longer than this came back after the event loop had other work (requests, I/O). */
const LATE_TURN_MS = 0.5;

interface SendPaceOptions {
  /** Monotonic milliseconds. */
  now?: () => number;
  /** Gives the event loop a turn. */
  yieldTurn?: () => Promise<void>;
}

const setImmediateTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SendPace {
  private busy = false;
  private readonly now: () => number;
  private readonly yieldTurn: () => Promise<void>;

  constructor(options: SendPaceOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.yieldTurn = options.yieldTurn ?? setImmediateTurn;
  }

  sliceSize(): number {
    return (this.busy ? BUSY_PACE : IDLE_PACE).slice;
  }

  pageSize(): number {
    return (this.busy ? BUSY_PACE : IDLE_PACE).page;
  }

  /** Gives requests a turn, and learns from how long it took whether any were waiting. */
  async yieldToRequests(): Promise<void> {
    const asked = this.now();
    await this.yieldTurn();
    this.busy = this.now() - asked > LATE_TURN_MS;
  }
}

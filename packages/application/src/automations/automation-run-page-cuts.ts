/**
 * Where the sweep cuts a day's bucket of passes into pages of runs. A page ends after a pass whose id
 * hashes to a mark (about one pass in `targetSize`), or after `maxSize` passes without one, so where pages
 * end depends on the passes around the cut and not on the count since the bucket began: a pass leaving
 * the bucket, or one whose run the read model shows done, changes only its own page (and, when that page
 * was cut at `maxSize`, those after it up to the next mark), and a later sweep finds every other page as
 * it was: the same page id, recorded again as a no-op.
 */
import { hash } from 'node:crypto';
import type { AutomationRunPageWork } from './automation-work';

type Run = AutomationRunPageWork['runs'][number];

export class AutomationRunPageCuts {
  private runs: Run[] = [];
  private passes = 0;

  constructor(
    private readonly targetSize: number,
    private readonly maxSize: number,
  ) {}

  /** Takes the bucket's next pass, with its run when it is due one; answers the page it ends, if it ends one. */
  add(passId: string, run: Run | null): Run[] | null {
    if (run !== null) this.runs.push(run);
    this.passes += 1;
    return this.passes >= this.maxSize || endsPage(passId, this.targetSize) ? this.cut() : null;
  }

  /** The last page, at the end of the bucket. */
  end(): Run[] {
    return this.cut();
  }

  private cut(): Run[] {
    const page = this.runs;
    this.runs = [];
    this.passes = 0;
    return page;
  }
}

function endsPage(passId: string, targetSize: number): boolean {
  return hash('sha256', passId, 'buffer').readUInt32BE(0) % targetSize === 0;
}

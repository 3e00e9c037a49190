/**
 * Progress of a long command on stderr: on a terminal, one line redrawn with a bar, the rate and the
 * time left; otherwise (a log, CI) one plain line every few seconds.
 */
import type { Output } from './cli-context';

const REDRAW_MS = 100;
const LINE_EVERY_MS = 5000;
const BAR_WIDTH = 30;

export class Progress {
  private readonly startedAt = Date.now();
  private lastShownAt = 0;

  constructor(
    private readonly output: Output,
    private readonly label: string,
    private total: number,
  ) {}

  /** Whether `update` would show anything now: figures that cost a read need only be gathered then. */
  get isDue(): boolean {
    return Date.now() - this.lastShownAt >= (this.output.isTerminal ? REDRAW_MS : LINE_EVERY_MS);
  }

  /** `done` of `total` so far; the total may grow while the work goes on (new events). */
  update(done: number, total = this.total): void {
    this.total = Math.max(total, done);
    if (!this.isDue) return;
    const now = Date.now();
    this.lastShownAt = now;
    const ratio = this.total === 0 ? 1 : done / this.total;
    const rate = done / Math.max((now - this.startedAt) / 1000, 0.001);
    const left = rate > 0 ? (this.total - done) / rate : Infinity;
    const figures = `${percent(ratio)}  ${count(done)}/${count(this.total)} events  ${count(rate)} events/s  ETA ${duration(left)}`;
    if (this.output.isTerminal) {
      const filled = Math.round(ratio * BAR_WIDTH);
      this.output.note(`\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${figures}\u001b[K`);
    } else {
      this.output.note(`${this.label}: ${figures}\n`);
    }
  }

  /** Ends the progress display with the events done and their rate. */
  finish(done: number): { seconds: number; rate: number } {
    const seconds = (Date.now() - this.startedAt) / 1000;
    const rate = done / Math.max(seconds, 0.001);
    if (this.output.isTerminal) this.output.note('\r\u001b[K');
    return { seconds, rate };
  }
}

export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function percent(ratio: number): string {
  return `${Math.floor(Math.min(ratio, 1) * 100)} %`.padStart(5);
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

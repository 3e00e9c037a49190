/** A clock the test moves by hand, for rules that depend on time. */
import type { Clock } from '@passes/application';

export class ManualClock implements Clock {
  private current: number;

  constructor(start = new Date('2026-11-21T10:00:00.000Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}

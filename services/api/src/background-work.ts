/**
 * Work that must not show on the request path (a magic link's lookup, token and email): the request
 * only queues it and answers. Jobs run one at a time, each after a random pause of one to two seconds,
 * so a job lines up neither with the request that asked for it nor with the next one, and a later
 * request cannot tell from its own latency what an earlier one set off. Failures are logged without
 * their message, which may quote an address; `settled` runs what is queued at once (tests, shutdown).
 */
import { randomInt } from 'node:crypto';
import type { Logger } from '@passes/runtime';

const PAUSE_MS = { min: 1000, max: 2000 } as const;

interface Job {
  name: string;
  work: () => Promise<void>;
}

export class BackgroundWork {
  private readonly queue: Job[] = [];
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private flushing = false;

  constructor(private readonly logger: Logger) {}

  run(name: string, work: () => Promise<void>): void {
    this.queue.push({ name, work });
    this.schedule();
  }

  /** Resolves once nothing is queued or running, including work queued meanwhile. */
  async settled(): Promise<void> {
    this.flushing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      while (this.current !== null || this.queue.length > 0) await (this.current ?? this.next());
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.flushing || this.timer !== null || this.current !== null || this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.next();
    }, randomInt(PAUSE_MS.min, PAUSE_MS.max));
    // Pending mail does not keep a process alive; stopping the server runs it first.
    this.timer.unref();
  }

  private next(): Promise<void> {
    const job = this.queue.shift();
    if (!job) return Promise.resolve();
    const task = job
      .work()
      .catch((error: unknown) => this.logger.error(`${job.name} failed`, { error: withoutMessage(error) }))
      .finally(() => {
        this.current = null;
        this.schedule();
      });
    this.current = task;
    return task;
  }
}

function withoutMessage(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as NodeJS.ErrnoException).code;
  return { name: error.name, ...(code === undefined ? {} : { code }) };
}

/**
 * Work that must not show on the request path (a magic link's lookup, token and email): the request
 * only queues it and answers. Each job waits a random one to two seconds, then runs, one job at a time,
 * so a job lines up neither with the request that asked for it nor with the next one, and a later
 * request cannot tell from its own latency what an earlier one set off. Failures are logged without
 * their message, which may quote an address; `settled` runs what is waiting at once (tests, shutdown).
 */
import { randomInt } from 'node:crypto';
import type { Logger } from '@passes/runtime';

const PAUSE_MS = { min: 1000, max: 2000 } as const;

interface Job {
  name: string;
  work: () => Promise<void>;
  fields: Readonly<Record<string, string>>;
}

export class BackgroundWork {
  /** Jobs still in their pause, by the timer that ends it. */
  private readonly pausing = new Map<NodeJS.Timeout, Job>();
  private readonly due: Job[] = [];
  private current: Promise<void> | null = null;

  constructor(private readonly logger: Logger) {}

  /** `fields` go with the job's failure into the log, such as the request id of the request that asked for it. */
  run(name: string, work: () => Promise<void>, fields: Readonly<Record<string, string>> = {}): void {
    const job = { name, work, fields };
    const timer = setTimeout(() => {
      this.pausing.delete(timer);
      this.due.push(job);
      void this.pump();
    }, randomInt(PAUSE_MS.min, PAUSE_MS.max));
    // Pending mail does not keep a process alive; stopping the server runs it first.
    timer.unref();
    this.pausing.set(timer, job);
  }

  /** Resolves once nothing waits or runs, including work queued meanwhile. */
  async settled(): Promise<void> {
    for (const [timer, job] of this.pausing) {
      clearTimeout(timer);
      this.due.push(job);
    }
    this.pausing.clear();
    while (this.current !== null || this.due.length > 0) await (this.current ?? this.pump());
  }

  /** Runs the due jobs one after the other; a no-op while one already runs. */
  private pump(): Promise<void> {
    if (this.current !== null) return this.current;
    const job = this.due.shift();
    if (!job) return Promise.resolve();
    this.current = job
      .work()
      .catch((error: unknown) => this.logger.error(`${job.name} failed`, { ...job.fields, error: withoutMessage(error) }))
      .finally(() => {
        this.current = null;
        void this.pump();
      });
    return this.current;
  }
}

function withoutMessage(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as NodeJS.ErrnoException).code;
  return { name: error.name, ...(code === undefined ? {} : { code }) };
}

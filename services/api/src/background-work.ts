/**
 * Work that finishes after its response has gone out (a magic link's email), so its duration never
 * shows in the response. Failures are logged without their message, which may quote an address;
 * stopping the server waits for what is still running.
 */
import type { Logger } from '@passes/runtime';

export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = work()
      .catch((error: unknown) => this.logger.error(`${name} failed`, { error: withoutMessage(error) }))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing is running, including work started meanwhile. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

function withoutMessage(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as NodeJS.ErrnoException).code;
  return { name: error.name, ...(code === undefined ? {} : { code }) };
}

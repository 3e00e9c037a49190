/**
 * A command's response waits (bounded) until the read models reflect it (DESIGN §4), whether the
 * projector runs in this process or another; past the bound it answers anyway and says so in the log.
 */
import type { ReadYourWrites } from '@passes/application';
import type { Position } from '@passes/event-store';
import type { Logger } from '@passes/runtime';

const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

interface CheckpointSource {
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
  readonly position: Position | null;
}

export function readYourWritesThrough(source: CheckpointSource, logger: Logger): ReadYourWrites {
  return {
    waitFor: async (position) => {
      const reached = await source.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
      if (!reached) logger.warn('read models lag behind a command', { position, reached: source.position });
      return reached;
    },
  };
}

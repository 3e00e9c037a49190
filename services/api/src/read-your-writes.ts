/**
 * A command's response waits (bounded) until the read models reflect it (DESIGN §4), whether the
 * projector runs in this process or another; past the bound it answers anyway and says so in the log.
 */
import type { ReadYourWrites } from '@passes/application';
import type { Position } from '@passes/event-store';
import type { Logger } from '@passes/runtime';

export interface CheckpointSource {
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
  readonly position: Position | null;
}

export function readYourWritesThrough(source: CheckpointSource, logger: Logger, timeoutMs: number): ReadYourWrites {
  return {
    waitFor: async (position) => {
      const reached = await source.waitFor(position, timeoutMs);
      if (!reached) logger.warn('read models lag behind a command', { position, reached: source.position });
      return reached;
    },
  };
}

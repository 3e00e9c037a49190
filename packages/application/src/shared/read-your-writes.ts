/**
 * A command's caller gets its answer only once the read models reflect the command (DESIGN §4), so a
 * GET right after it sees the change. The API waits for its projector; the CLI, which runs no projector,
 * does not wait.
 */
import type { Position } from '@passes/event-store';

export interface ReadYourWrites {
  /** Whether the read models reached `position` (false when the wait gave up or there was none). */
  waitFor(position: Position): Promise<boolean>;
}

export const noWait: ReadYourWrites = { waitFor: async () => false };

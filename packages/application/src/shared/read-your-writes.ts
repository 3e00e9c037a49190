/**
 * A command's caller gets its answer only once the read models reflect the command (DESIGN §4), so a
 * GET right after it sees the change. The API waits for its projector; the CLI, which runs no projector,
 * does not wait.
 */
import type { Position } from '@passes/event-store';
import type { CommandContext } from './command-context';

export interface ReadYourWrites {
  /** Whether the read models reached `position` (false when the wait gave up or there was none). */
  waitFor(position: Position): Promise<boolean>;
}

export const noWait: ReadYourWrites = { waitFor: async () => false };

/** Waits for the read models to reflect `position`; when they do not within the bound, tells the command's caller. */
export async function awaitReadModels(readYourWrites: ReadYourWrites, position: Position, context: CommandContext): Promise<boolean> {
  const reached = await readYourWrites.waitFor(position);
  if (!reached) context.onUnreflected?.();
  return reached;
}

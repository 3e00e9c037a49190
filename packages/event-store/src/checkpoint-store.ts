/**
 * The checkpoint store port: how far a named follower of the global feed (the relay, the embedded
 * webhook feed) has got. A follower moves its checkpoint only after its work for the events up to it
 * is done, so a crash repeats work and never skips it. Adapters: SQLite (embedded), MongoDB.
 */
import type { Position } from './position';

export interface CheckpointStore {
  /** The position the follower has reached; `null` before its first event. */
  load(name: string): Promise<Position | null>;
  /** Records the position reached. Durable once resolved. */
  save(name: string, position: Position): Promise<void>;
  close(): Promise<void>;
}
